import type { QueryFunction, QueryKey } from '@tanstack/react-query'

/** Readable double-submit cookie and the header that echoes it on writes (DESIGN §3). */
export const CSRF_COOKIE = 'plumbline_csrf'
export const CSRF_HEADER = 'x-csrf-token'

export type QueryParamValue = string | number | boolean | null | undefined | Array<string | number | boolean>
export type QueryKeySegment = string | number | Record<string, QueryParamValue> | null | undefined

/**
 * A non-OK answer. Spec 000 §7/§8: its message is `${status}: ${text || statusText}`; callers
 * read `status` and the parsed `body` (problem+json) from the fields, not from the message.
 */
export class ApiError extends Error {
  readonly status: number
  /** The answer's JSON, or null when it was not JSON. */
  readonly body: unknown
  readonly text: string
  constructor(status: number, statusText: string, text: string) {
    super(`${status}: ${text || statusText}`)
    this.name = 'ApiError'
    this.status = status
    this.text = text
    this.body = jsonOrNull(text)
  }
}

function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** Any non-OK response raises an ApiError: the one place that builds it. */
export async function throwIfNotOk(res: Response): Promise<void> {
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text().catch(() => ''))
}

/**
 * Builds a URL from query-key segments: string (and number) segments join into the path with '/',
 * object segments become query parameters, skipping null, undefined and empty-string values.
 */
export function buildUrlFromQueryKey(queryKey: readonly unknown[]): string {
  const parts: string[] = []
  const params = new URLSearchParams()
  for (const seg of queryKey) {
    if (seg === null || seg === undefined) continue
    if (typeof seg === 'string' || typeof seg === 'number') parts.push(String(seg))
    else if (typeof seg === 'object' && !Array.isArray(seg)) appendQuery(params, seg as Record<string, QueryParamValue>)
  }
  const path = parts
    .map((p, i) => {
      let s = p
      if (i > 0) s = s.replace(/^\/+/, '')
      if (i < parts.length - 1) s = s.replace(/\/+$/, '')
      return s
    })
    .filter((s, i) => s !== '' || i === 0)
    .join('/')
  const qs = params.toString()
  return qs ? `${path}?${qs}` : path
}

/** Adds a query object's non-empty values to `params` (an array repeats the name). */
export function appendQuery(params: URLSearchParams, query: Record<string, QueryParamValue>): void {
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) if (v !== null && v !== undefined && v !== '') params.append(key, String(v))
  }
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined' || !document.cookie) return null
  for (const part of document.cookie.split(';')) {
    const idx = part.indexOf('=')
    const key = (idx === -1 ? part : part.slice(0, idx)).trim()
    if (key === name) {
      const raw = idx === -1 ? '' : part.slice(idx + 1).trim()
      try {
        return decodeURIComponent(raw)
      } catch {
        return raw
      }
    }
  }
  return null
}

/**
 * Any call: method, URL, optional JSON body; cookies included; CSRF header echoed on writes; any
 * non-OK throws. `extraHeaders` adds request headers (e.g. Idempotency-Key, or an Accept other
 * than JSON); they cannot replace the CSRF header. `signal` cancels the request.
 */
export async function apiRequest(method: string, url: string, data?: unknown, extraHeaders?: Record<string, string>, signal?: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders }
  if (data !== undefined) headers['Content-Type'] = 'application/json'
  const upper = method.toUpperCase()
  if (upper !== 'GET' && upper !== 'HEAD') {
    const csrf = readCookie(CSRF_COOKIE)
    if (csrf) headers[CSRF_HEADER] = csrf
  }
  const res = await fetch(url, {
    method: upper,
    headers,
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
    signal,
  })
  await throwIfNotOk(res)
  return res
}

/**
 * Multipart writes (file uploads): the browser sets the multipart Content-Type with its boundary,
 * so none is given here; cookies, the CSRF header and the "status: text" failure rule as in apiRequest.
 */
export async function apiUpload(url: string, form: FormData, method = 'POST'): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  const csrf = readCookie(CSRF_COOKIE)
  if (csrf) headers[CSRF_HEADER] = csrf
  const res = await fetch(url, { method: method.toUpperCase(), headers, body: form, credentials: 'include' })
  await throwIfNotOk(res)
  return res
}

export type UnauthorizedBehavior = 'returnNull' | 'throw'

/** Reads: GET with cookies, URL from the query key, JSON body; 401 throws or returns null. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T, QueryKey> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(buildUrlFromQueryKey(queryKey), {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal,
    })
    if (options.on401 === 'returnNull' && res.status === 401) {
      // Read the (small) body anyway: an unread answer keeps its connection from being reused, and
      // the browser counts the request as still loading, so the signed-out page never goes idle.
      await res.text().catch(() => '')
      return null as T
    }
    await throwIfNotOk(res)
    return (await res.json()) as T
  }
}

export type ParsedApiError = {
  status: number | null
  /** The server's human message: problem+json `message`, `detail` or `title`, else the raw text. */
  message: string
  raw: string
  body: unknown
}

/** The server's human message in a problem+json body: `message`, `detail`, `error` or `title`. */
function messageOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined
  const b = body as Record<string, unknown>
  const pick = [b.message, b.detail, b.error, b.title].find((v) => typeof v === 'string' && v.length > 0)
  return typeof pick === 'string' ? pick : undefined
}

/** An ApiError's status and the server's message; any other Error('status: text') is split apart. */
export function parseApiError(error: unknown): ParsedApiError {
  const raw = error instanceof Error ? error.message : String(error ?? '')
  if (error instanceof ApiError)
    return { status: error.status, message: messageOf(error.body) ?? (error.text || raw.slice(`${error.status}: `.length)), raw, body: error.body }
  const m = /^(\d{3}): ([\s\S]*)$/.exec(raw)
  if (!m) return { status: null, message: raw, raw, body: null }
  const text = m[2] ?? ''
  const body = jsonOrNull(text)
  return { status: Number(m[1]), message: messageOf(body) ?? text, raw, body }
}
