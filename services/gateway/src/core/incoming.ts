import type { IncomingMessage } from 'node:http'
import proxyAddr from 'proxy-addr'

// What the /api path reads off a node request: express's request getters without express
// (the /api path runs on node:http, see api-handler.ts), with the same semantics.

/** A header's value (node joins repeated ones with ", "; only Set-Cookie stays a list). */
export const headerOf = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

/** The path of the request target, without its query (an absolute-form target yields ''). */
export const pathnameOf = (url: string | undefined): string => {
  if (!url?.startsWith('/')) return ''
  const query = url.indexOf('?')
  return query < 0 ? url : url.slice(0, query)
}

/** Which proxies may speak for the client: express's compiled `trust proxy fn`. */
export type TrustProxy = (address: string, hop: number) => boolean

/** The client's address as express's req.ip gives it under the same trust setting. */
export const clientIpOf = (req: IncomingMessage, trust: TrustProxy): string => proxyAddr(req, trust)

/** http or https as express's req.protocol: the socket's, or a trusted proxy's X-Forwarded-Proto. */
export function protocolOf(req: IncomingMessage, trust: TrustProxy): string {
  const own = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http'
  if (!trust(req.socket.remoteAddress ?? '', 0)) return own
  const forwarded = headerOf(req, 'x-forwarded-proto') || own
  const comma = forwarded.indexOf(',')
  return (comma < 0 ? forwarded : forwarded.slice(0, comma)).trim()
}
