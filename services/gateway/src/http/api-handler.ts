import type { IncomingMessage, ServerResponse } from 'node:http'
import { type IdentitySigningKey, signIdentity } from '@plumbline/service-kit'
import { notFound } from '../core/errors.js'
import { clientIpOf, pathnameOf, protocolOf, type TrustProxy } from '../core/incoming.js'
import type { GatewayEnv } from '../env.js'
import type { GatewayMetrics } from '../observability/metrics.js'
import { forwardHeaders } from '../proxy/forward-headers.js'
import type { Forwarder } from '../proxy/forward-request.js'
import { type Upstreams, upstreamPath } from '../proxy/upstreams.js'
import type { RouteMatcher } from '../routes/match-route.js'
import { authorize, readsOrgFromBody } from '../security/authorize.js'
import { assertDeclaredLength, bodyLimitBytes } from '../security/body-limit.js'
import { bufferBody, orgFromBody } from '../security/body-org.js'
import { isLoopbackPeer } from '../security/client-address.js'
import { assertCsrfToken, type CsrfOptions, csrfCookieToIssue, STATE_CHANGING } from '../security/csrf.js'
import { assertSameOrigin } from '../security/origin-check.js'
import type { RateLimiter } from '../security/rate-limit.js'
import type { TenantLimiter } from '../security/tenant-limit.js'
import type { SessionResolver } from '../session/resolve-session.js'
import type { AccessLog } from './access-log.js'
import { OPENAPI_PATH, openApiRoute } from './openapi-route.js'
import type { ErrorRenderer } from './render-problem.js'
import { beginRequest, type RequestContext } from './request-context.js'

export type ApiHandlerDeps = {
  env: GatewayEnv
  publicOrigin: string
  match: RouteMatcher
  upstreams: Upstreams
  rateLimit: RateLimiter
  tenantLimit: TenantLimiter
  csrf: CsrfOptions
  resolveSession: SessionResolver
  forward: Forwarder
  /** The private key identity tokens are signed with (services hold only its public half). */
  signingKey: IdentitySigningKey
  /** Whose X-Forwarded-* headers count (express's compiled TRUST_PROXY, shared with the pages). */
  trustProxy: TrustProxy
  metrics: GatewayMetrics
  accessLog: AccessLog
  setSecurityHeaders: (path: string, res: ServerResponse) => void
  renderError: ErrorRenderer
}

const GATED_PREFIXES = ['/api/', '/__dev/']
export const isGatewayPath = (path: string) => path === '/api' || GATED_PREFIXES.some((p) => path.startsWith(p))

/** The query the tenancy check reads. Most calls have none, and a URL parse per request showed in the hop's profile. */
const queryOf = (url: string): URLSearchParams => (url.includes('?') ? new URL(url, 'http://gateway').searchParams : new URLSearchParams())

/** One /api request: what every step reads, worked out once. */
type ApiCall = RequestContext & {
  req: IncomingMessage
  res: ServerResponse
  method: string
  path: string
  url: string
  /** The route-table pattern once matched: the label of the request's metrics and log line. */
  route?: string
}

/**
 * The /api path on node:http, beside express (which serves the shell and the health check): the
 * same steps as every express middleware did for it (request id, metrics, access log, security
 * headers, CSRF cookie), then the gateway's own. Express's router walked eight layers and swapped
 * two prototypes per request before any of this; without them (and a few per-call trims) the
 * gateway spends about a quarter less CPU per forwarded call (docs/adr/0003).
 */
export function createApiHandler(deps: ApiHandlerDeps): (req: IncomingMessage, res: ServerResponse) => void {
  const openApi = openApiRoute()
  return (req, res) => {
    const url = req.url ?? '/'
    const call: ApiCall = { req, res, method: req.method ?? 'GET', path: pathnameOf(url), url, ...beginRequest(req, res) }
    deps.metrics.track(call.method, res, call)
    deps.accessLog(call.method, call.path, res, call)
    deps.setSecurityHeaders(call.path, res)
    const csrfCookie = csrfCookieToIssue(req.headers.cookie, deps.csrf)
    if (csrfCookie) res.appendHeader('Set-Cookie', csrfCookie)
    if (call.path === OPENAPI_PATH && (call.method === 'GET' || call.method === 'HEAD')) {
      call.route = OPENAPI_PATH
      return openApi(req, res)
    }
    forwardCall(call, deps).catch((err: unknown) => deps.renderError(err, req, res, call))
  }
}

/**
 * The gateway's one job per request, in order of cost: find the route, refuse forgeries and
 * oversized bodies, count rate limits, resolve the session, decide access, sign the identity,
 * forward. Every refusal happens before a byte reaches a service.
 */
async function forwardCall(call: ApiCall, deps: ApiHandlerDeps): Promise<void> {
  const { req, res, method } = call
  const match = deps.match(method, call.path)
  // The dev mail sink holds live reset links: only a browser on this machine may read it.
  if (!match || (match.route.devOnly && !isLoopbackPeer(req.socket.remoteAddress))) throw notFound()
  call.route = match.route.pattern
  const protocol = protocolOf(req, deps.trustProxy)
  // CSRF applies to the browser API; the dev mail sink is a local tool outside it.
  if (STATE_CHANGING.has(method) && call.path.startsWith('/api/') && !match.route.csrfExempt) {
    assertSameOrigin(req, protocol, deps.publicOrigin)
    assertCsrfToken(req, deps.csrf)
  }
  const bodyLimit = bodyLimitBytes(match.route.bodyLimit, deps.env)
  assertDeclaredLength(req, bodyLimit)
  const ip = clientIpOf(req, deps.trustProxy)
  const limit = match.route.rateLimit
  if (limit && limit.per !== 'org') await deps.rateLimit(limit, ip)
  const session = await deps.resolveSession(req, match.route.access !== 'public')
  const query = queryOf(call.url)
  const body = readsOrgFromBody(match, query) ? await bufferBody(req, bodyLimit) : undefined
  const claims = authorize(match, session, query, body && match.route.orgBody ? orgFromBody(body, match.route.orgBody) : undefined)
  if (claims?.orgId) deps.tenantLimit.take(claims.orgId)
  if (limit?.per === 'org' && claims) await deps.rateLimit(limit, `org:${claims.orgId ?? `user:${claims.sub}`}`)
  const token = claims && (await signIdentity(claims, deps.signingKey))
  await deps.forward(req, res, {
    service: match.route.service,
    origin: deps.upstreams[match.route.service],
    path: upstreamPath(call.url),
    headers: forwardHeaders(req, { ip, protocol, token, requestId: call.requestId, traceparent: call.traceparent }),
    bodyLimit,
    body,
  })
}
