import { type IdentitySigningKey, signIdentity } from '@plumbline/service-kit'
import type { Request, RequestHandler } from 'express'
import type { GatewayEnv } from '../env.js'
import { forwardHeaders } from '../proxy/forward-headers.js'
import type { Forwarder } from '../proxy/forward-request.js'
import { type Upstreams, upstreamPath } from '../proxy/upstreams.js'
import type { RouteMatch, RouteMatcher } from '../routes/match-route.js'
import { authorize, readsOrgFromBody } from '../security/authorize.js'
import { assertDeclaredLength, bodyLimitBytes } from '../security/body-limit.js'
import { bufferBody, orgFromBody } from '../security/body-org.js'
import { isLoopbackPeer } from '../security/client-address.js'
import { assertCsrfToken, type CsrfOptions, STATE_CHANGING } from '../security/csrf.js'
import { assertSameOrigin } from '../security/origin-check.js'
import type { RateLimiter } from '../security/rate-limit.js'
import type { TenantLimiter } from '../security/tenant-limit.js'
import type { SessionResolver } from '../session/resolve-session.js'
import { notFound } from './errors.js'

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
}

const GATED_PREFIXES = ['/api/', '/__dev/']
export const isGatewayPath = (path: string) => path === '/api' || GATED_PREFIXES.some((p) => path.startsWith(p))

/** The query the tenancy check reads. Most calls have none, and a URL parse per request showed in the hop's profile. */
const queryOf = (originalUrl: string): URLSearchParams =>
  originalUrl.includes('?') ? new URL(originalUrl, 'http://gateway').searchParams : new URLSearchParams()

/** CSRF applies to the browser API; the dev mail sink is a local tool outside it. */
function assertNotForged(req: Request, publicOrigin: string, csrf: CsrfOptions): void {
  if (!STATE_CHANGING.has(req.method) || !req.path.startsWith('/api/')) return
  assertSameOrigin(req, publicOrigin)
  assertCsrfToken(req, csrf)
}

/**
 * The gateway's one job per request, in order of cost: find the route, refuse forgeries and
 * oversized bodies, count rate limits, resolve the session, decide access, sign the identity,
 * forward. Every refusal happens before a byte reaches a service.
 */
export function apiHandler(deps: ApiHandlerDeps): RequestHandler {
  return async (req, res, next) => {
    if (!isGatewayPath(req.path)) return next()
    const match: RouteMatch | undefined = deps.match(req.method, req.path)
    // The dev mail sink holds live reset links: only a browser on this machine may read it.
    if (!match || (match.route.devOnly && !isLoopbackPeer(req.socket.remoteAddress))) throw notFound()
    res.locals.route = match.route.pattern
    assertNotForged(req, deps.publicOrigin, deps.csrf)
    const bodyLimit = bodyLimitBytes(match.route.bodyLimit, deps.env)
    assertDeclaredLength(req, bodyLimit)
    const limit = match.route.rateLimit
    if (limit && limit.per !== 'org') await deps.rateLimit(limit, req.ip ?? 'unknown')
    const session = await deps.resolveSession(req, match.route.access !== 'public')
    const query = queryOf(req.originalUrl)
    const body = readsOrgFromBody(match, query) ? await bufferBody(req, bodyLimit) : undefined
    const claims = authorize(match, session, query, body && match.route.orgBody ? orgFromBody(body, match.route.orgBody) : undefined)
    if (claims?.orgId) deps.tenantLimit.take(claims.orgId)
    if (limit?.per === 'org' && claims) await deps.rateLimit(limit, `org:${claims.orgId ?? `user:${claims.sub}`}`)
    const token = claims && (await signIdentity(claims, deps.signingKey))
    await deps.forward(req, res, {
      service: match.route.service,
      origin: deps.upstreams[match.route.service],
      path: upstreamPath(req.originalUrl),
      headers: forwardHeaders(req, { token, requestId: res.locals.requestId, traceparent: res.locals.traceparent }),
      bodyLimit,
      body,
    })
  }
}
