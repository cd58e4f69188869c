/** Outcome of reading a JSON text area: the object to send, or why it cannot be sent. */
export type JsonFieldResult = { ok: true; value: Record<string, unknown> } | { ok: false; message: string }

/**
 * Parses a JSON object typed by a person. Blank means an empty object (the server's default),
 * so clearing the box is a valid way to reset it. The parser's own reason is kept because
 * "Unexpected token } at position 12" points at the mistake.
 */
export function parseJsonObject(text: string, label: string): JsonFieldResult {
  if (text.trim() === '') return { ok: true, value: {} }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err)
    return { ok: false, message: `${label} must be valid JSON: ${reason}` }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { ok: false, message: `${label} must be a JSON object, like {"primary": "#1e40af"}` }
  }
  return { ok: true, value: parsed as Record<string, unknown> }
}

/** How a stored object shows in its text area (an empty object shows as a blank box). */
export function formatJsonObject(value: Record<string, unknown> | null | undefined): string {
  if (!value || Object.keys(value).length === 0) return ''
  return JSON.stringify(value, null, 2)
}
