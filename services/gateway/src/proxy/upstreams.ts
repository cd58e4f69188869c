import type { GatewayEnv } from '../env.js'
import type { ServiceName } from '../routes/route-table.js'

export type Upstreams = Record<ServiceName, string>

/** Each service's origin (scheme://host:port), from env. */
export function upstreamsFrom(env: GatewayEnv): Upstreams {
  const origin = (url: string) => new URL(url).origin
  return {
    auth: origin(env.AUTH_URL),
    estimates: origin(env.ESTIMATES_URL),
    ai: origin(env.AI_URL),
    documents: origin(env.DOCUMENTS_URL),
    meetings: origin(env.MEETINGS_URL),
    admin: origin(env.ADMIN_URL),
  }
}

/** Services route without the browser-facing /api prefix; the query string is kept as sent. */
export function upstreamPath(originalUrl: string): string {
  const next = originalUrl[4]
  const stripped = originalUrl.startsWith('/api') && (next === undefined || next === '/' || next === '?') ? originalUrl.slice(4) : originalUrl
  return stripped.startsWith('/') ? stripped : `/${stripped}`
}
