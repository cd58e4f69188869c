import type { Bus } from '@plumbline/messaging'
import { errorHandler, type Logger, type Metrics, notFoundHandler, serverErrorReporter, signingKeyFromEnv, staticSite } from '@plumbline/service-kit'
import express, { type Express } from 'express'
import type { RedisClientType } from 'redis'
import { type GatewayEnv, publicOriginOf } from './env.js'
import { accessLog } from './http/access-log.js'
import { apiHandler, isGatewayPath } from './http/api-handler.js'
import { type Check, readinessRoutes } from './http/health-routes.js'
import { openApiRoute } from './http/openapi-route.js'
import { remotesRoute } from './http/remotes-route.js'
import { requestContext } from './http/request-context.js'
import { securityHeaders } from './http/security-headers.js'
import { createGatewayMetrics } from './observability/metrics.js'
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
  metrics?: Metrics
  /** Defaults to asking auth over NATS; tests may substitute. */
  lookupIdentity?: IdentityLookup
}

/** Upper bound on a cached session read (tracking normally invalidates it at once). */
export const SESSION_READ_CACHE = { ttlMs: 10_000, maxEntries: 50_000 }

export type GatewayApp = Express & {
  closeGateway: () => Promise<void>
  /** /metrics and /readyz (with /healthz): served on the internal listener only, never to the public. */
  internal: Express
  /** What the gateway needs to serve (Redis, NATS); main.ts also reports them on rpc.gateway.health. */
  readiness: Check[]
  metrics: Metrics
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
  const app = express() as GatewayApp
  app.disable('x-powered-by')
  app.set('etag', false)
  app.set('trust proxy', env.TRUST_PROXY)

  app.use(requestContext)
  app.use(metrics.middleware)
  app.use(accessLog(logger))
  // Liveness only; readiness and metrics name internals, so they live on the internal listener.
  app.get('/healthz', (_req, res) => {
    res.locals.route = '/healthz'
    res.json({ status: 'ok' })
  })
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
  app.use(securityHeaders({ production: env.NODE_ENV === 'production', remotes: env.REMOTES_JSON }))
  app.use(issueCsrfCookie(csrf))
  app.get('/remotes.json', remotesRoute(env.REMOTES_JSON))
  app.get('/api/openapi.json', openApiRoute())
  app.use(
    apiHandler({
      env,
      publicOrigin: new URL(publicOriginOf(env)).origin,
      match: createRouteMatcher(routeTable, { includeDev: env.NODE_ENV !== 'production' }),
      upstreams,
      rateLimit: createRateLimiter(redis, env),
      tenantLimit: createTenantLimiter({ ratePerSecond: env.TENANT_RATE_PER_SECOND, burst: env.TENANT_BURST }),
      resolveSession: createSessionResolver({
        redis: deps.sessionRedis ?? redis,
        cachedReads: deps.sessionRedis && SESSION_READ_CACHE,
        env,
        lookupIdentity: deps.lookupIdentity ?? busIdentityLookup(bus, env.DEPENDENCY_TIMEOUT_MS),
      }),
      forward: forwarder.forward,
      signingKey,
      csrf,
    }),
  )
  if (env.SHELL_DIST) {
    const shell = staticSite(env.SHELL_DIST, { spaFallback: true, cors: false })
    app.use((req, res, next) => {
      if (isGatewayPath(req.path)) return next()
      res.locals.route = 'shell'
      shell(req, res, next)
    })
  }
  app.use(notFoundHandler)
  app.use(errorHandler(logger, serverErrorReporter(bus, 'gateway')))
  app.closeGateway = forwarder.close
  return app
}
