import type { IncomingHttpHeaders, IncomingMessage } from 'node:http'
import { IDENTITY_HEADER, REQUEST_ID_HEADER, SESSION_COOKIE } from '@plumbline/contracts'
import { withoutCookies } from '../security/cookies.js'

/** Hop-by-hop headers (RFC 9110 §7.6.1) belong to one connection and are never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'trailers',
  'transfer-encoding',
  'upgrade',
  'expect',
  'host',
])

/** Both spellings of the session cookie: the production `__Host-` name and the development one. */
const SESSION_COOKIES = [`__Host-${SESSION_COOKIE}`, SESSION_COOKIE]

const NONE: ReadonlySet<string> = new Set()

/** Headers the Connection header names as hop-by-hop; browsers send only tokens that already are (keep-alive, close). */
const namedByConnection = (headers: IncomingHttpHeaders): ReadonlySet<string> => {
  const connection = headers.connection?.toLowerCase()
  if (!connection || connection === 'keep-alive' || connection === 'close') return NONE
  return new Set(
    connection
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
  )
}

/**
 * The headers a service receives. Anything `x-plumbline-*` from the browser is dropped (only
 * the gateway speaks that namespace), and the session cookie is removed: services learn the
 * session only through the signed identity token.
 */
export function forwardHeaders(
  req: IncomingMessage,
  extra: { ip: string; protocol: string; token?: string; requestId: string; traceparent: string },
): Record<string, string | string[]> {
  const dropped = namedByConnection(req.headers)
  const out: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || dropped.has(name) || name.startsWith('x-plumbline-') || name.startsWith('x-forwarded-')) continue
    out[name] = value
  }
  const cookie = withoutCookies(req.headers.cookie, SESSION_COOKIES)
  if (cookie) out.cookie = cookie
  else delete out.cookie
  out['x-forwarded-for'] = extra.ip
  out['x-forwarded-proto'] = extra.protocol
  if (req.headers.host) out['x-forwarded-host'] = req.headers.host
  out[REQUEST_ID_HEADER] = extra.requestId
  out.traceparent = extra.traceparent
  if (extra.token) out[IDENTITY_HEADER] = extra.token
  return out
}

/** Response headers copied back to the browser (hop-by-hop ones excepted). */
export function isForwardableResponseHeader(name: string): boolean {
  return !HOP_BY_HOP.has(name)
}
