import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Bus } from '@plumbline/messaging'
import { errorHandler, type Logger, notFoundHandler, serverErrorReporter, signingKeyFromEnv, staticSite } from '@plumbline/service-kit'
import express, { type Express } from 'express'
import type { RedisClientType } from 'redis'
import { pathnameOf, type TrustProxy } from './core/incoming.js'
import { type GatewayEnv, publicOriginOf } from './env.js'
import { accessLog, createAccessLog } from './http/access-log.js'
import { createApiHandler, isGatewayPath } from './http/api-handler.js'
import { type Check, readinessRoutes } from './http/health-routes.js'
import { remotesRoute } from './http/remotes-route.js'
import { problemRenderer } from './http/render-problem.js'
import { requestContext } from './http/request-context.js'
import { securityHeaders, securityHeadersFor } from './http/security-headers.js'
import { createGatewayMetrics, type GatewayMetrics } from './observability/metrics.js'
import { createForwarder } from './proxy/forward-request.js'
import { upstreamsFrom } from './proxy/upstreams.js'
import { createRouteMatcher } from './routes/match-route.js'
import { routeTable } from './routes/route-table.js'
import { csrfCookieForSessionChange, csrfKeyFrom, csrfTokens, issueCsrfCookie } from './security/csrf.js'
import { createRateLimiter } from './security/rate-limit.js'
import { createTenantLimiter } from './security/tenant-limit.js'
import { busIdentityLookup } from './session/bus-identity-lookup.js'
import { createSessionResolver, type IdentityLookup } from './session/resolve-session.js'

export type GatewayDeps = {
  env: GatewayEnv
  logger: Logger
  redis: RedisClientType
  /** Session and identity reads; main.ts passes a client-side cached connection. Defaults to `redis`. */
  sessionRedis?: RedisClientType
  bus: Bus
  metrics?: GatewayMetrics
  /** Defaults to asking auth over NATS; tests may substitute. */
  lookupIdentity?: IdentityLookup
}

/** Upper bound on a cached session read (tracking normally invalidates it at once). */
export const SESSION_READ_CACHE = { ttlMs: 10_000, maxEntries: 50_000 }

/**
 * The public listener's request handler: /api (and /__dev) on node:http (http/api-handler.ts),
 * everything else (the shell, /remotes.json, /healthz) through express.
 */
export type GatewayApp = ((req: IncomingMessage, res: ServerResponse) => void) & {
  /** As express's app.listen: a listen error reaches the callback too. */
  listen: (port: number, host: string, callback: (err?: Error) => void) => Server
  closeGateway: () => Promise<void>
  /** /metrics and /readyz (with /healthz): served on the internal listener only, never to the public. */
  internal: Express
  /** What the gateway needs to serve (Redis, NATS); main.ts also reports them on rpc.gateway.health. */
  readiness: Check[]
  metrics: GatewayMetrics
}

/** Builds (never listens) the gateway; main.ts and the tests mount it. */
export function createGatewayApp(deps: GatewayDeps): GatewayApp {
  const { env, logger, redis, bus } = deps
  const metrics = deps.metrics ?? createGatewayMetrics()
  const upstreams = upstreamsFrom(env)
  const signingKey = signingKeyFromEnv(env)
  const csrf = { tokens: csrfTokens(csrfKeyFrom(signingKey)), nodeEnv: env.NODE_ENV }
  const forwarder = createForwarder({
    timeoutMs: env.UPSTREAM_TIMEOUT_MS,
    logger,
    csrfOnSessionChange: (setCookies) => csrfCookieForSessionChange(setCookies, csrf),
  })
  const log = createAccessLog(logger)
  const setSecurityHeaders = securityHeadersFor({ production: env.NODE_ENV === 'production', remotes: env.REMOTES_JSON })
  const reportServerError = serverErrorReporter(bus, 'gateway')

  const site = express()
  site.disable('x-powered-by')
  site.set('etag', false)
  site.set('trust proxy', env.TRUST_PROXY)
  site.use(requestContext)
  site.use(metrics.middleware)
  site.use(accessLog(log))
  // Liveness only; readiness and metrics name internals, so they live on the internal listener.
  site.get('/healthz', (_req, res) => {
    res.locals.route = '/healthz'
    res.json({ status: 'ok' })
  })
  site.use(securityHeaders(setSecurityHeaders))
  site.use(issueCsrfCookie(csrf))
  site.get('/remotes.json', remotesRoute(env.REMOTES_JSON))
  if (env.SHELL_DIST) {
    const shell = staticSite(env.SHELL_DIST, { spaFallback: true, cors: false, previous: env.SHELL_PREVIOUS_DIST ? [env.SHELL_PREVIOUS_DIST] : [] })
    site.use((req, res, next) => {
      res.locals.route = 'shell'
      shell(req, res, next)
    })
  }
  site.use(notFoundHandler)
  site.use(errorHandler(logger, reportServerError))

  const api = createApiHandler({
    env,
    publicOrigin: new URL(publicOriginOf(env)).origin,
    match: createRouteMatcher(routeTable, { includeDev: env.NODE_ENV !== 'production' }),
    upstreams,
    rateLimit: createRateLimiter(redis, env),
    tenantLimit: createTenantLimiter({ ratePerSecond: env.TENANT_RATE_PER_SECOND, burst: env.TENANT_BURST }),
    resolveSession: createSessionResolver({
      redis: deps.sessionRedis ?? redis,
      env,
      lookupIdentity: deps.lookupIdentity ?? busIdentityLookup(bus, env.DEPENDENCY_TIMEOUT_MS),
    }),
    forward: forwarder.forward,
    signingKey,
    csrf,
    trustProxy: site.get('trust proxy fn') as TrustProxy,
    metrics,
    accessLog: log,
    setSecurityHeaders,
    renderError: problemRenderer(logger, reportServerError),
  })

  const app = ((req, res) => (isGatewayPath(pathnameOf(req.url)) ? api(req, res) : site(req, res))) as GatewayApp
  app.listen = (port, host, callback) => {
    const server = createServer({ requestTimeout: env.REQUEST_TIMEOUT_MS }, app)
    server.once('error', callback)
    return server.listen(port, host, () => {
      server.off('error', callback)
      callback()
    })
  }
  app.readiness = [
    // a disconnected client queues commands; report it instead of waiting for the probe timeout
    { name: 'redis', check: () => (redis.isReady ? redis.ping() : Promise.reject(new Error('not connected'))) },
    { name: 'nats', check: () => bus.nc.flush() },
  ]
  app.metrics = metrics
  app.internal = express()
  app.internal.disable('x-powered-by')
  app.internal.use(readinessRoutes(app.readiness, upstreams))
  app.internal.get('/metrics', async (_req, res) => {
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics())
  })
  app.closeGateway = forwarder.close
  return app
}
