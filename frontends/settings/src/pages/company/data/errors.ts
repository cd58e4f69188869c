import { parseApiError } from '@plumbline/web'

/** The server's own words when it sent any (problem+json message/detail), else the fallback. */
export function serverMessageOr(error: unknown, fallback: string): string {
  const { status, message } = parseApiError(error)
  // A network failure or an HTML error page says nothing a person can act on.
  if (status === null || !message || /^\s*</.test(message)) return fallback
  return message
}

/** The message a 400 problem attached to one field (problem+json errors[]), if any. */
export function fieldErrorOf(error: unknown, field: string): string | null {
  const body = parseApiError(error).body as { errors?: { field?: string; message?: string }[] } | null
  const hit = body?.errors?.find((e) => e.field === field && typeof e.message === 'string')
  return hit?.message ?? null
}

/** Every field message of a 400 problem (problem+json errors[]), keyed by field. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const body = parseApiError(error).body as { errors?: { field?: string; message?: string }[] } | null
  const out: Record<string, string> = {}
  for (const e of body?.errors ?? []) if (e.field && typeof e.message === 'string' && !out[e.field]) out[e.field] = e.message
  return out
}
