// Telemetry first, so the http instrumentation patches node before express loads.
import { startTelemetry } from '@plumbline/telemetry'

// The public edge: a browser's traceparent is linked, never joined (libs/telemetry edge-trust.ts).
startTelemetry('gateway', { edge: true })

const { assertInfraCredentials, connectRedis, createLogger, natsCredentials, runService, startHealthResponder } = await import('@plumbline/service-kit')
const { connectBus } = await import('@plumbline/messaging')
const { stopTelemetry } = await import('@plumbline/telemetry')
const { internalPortOf, loadEnv } = await import('./env.js')
const { createGatewayApp, SESSION_READ_CACHE } = await import('./app.js')

// The gateway owns no database: no migrations, no outbox, only Redis (sessions, rate limits)
// and NATS (identity look-ups), hence its own small start-up rather than startServiceRuntime.
const env = loadEnv()
assertInfraCredentials(env)
const logger = createLogger('gateway', env.LOG_LEVEL)
const redis = await connectRedis(env.REDIS_URL, logger)
// Every request reads its session and identity: served from memory, kept fresh by Redis tracking.
const sessionRedis = await connectRedis(env.REDIS_URL, logger, { cachedReads: SESSION_READ_CACHE })
const bus = await connectBus({ servers: env.NATS_URL, name: 'gateway', prefix: env.BUS_PREFIX, logger, credentials: natsCredentials(env) })
const app = createGatewayApp({ env, logger, redis, sessionRedis, bus })
// Answers the admin service's monitoring (GET /api/health/detailed) like every other service.
const health = startHealthResponder({ service: 'gateway', bus, registry: app.metrics.registry, readiness: app.readiness })

const internal = await new Promise<import('node:http').Server>((resolve, reject) => {
  const server = app.internal.listen(internalPortOf(env), env.INTERNAL_HOST, (err?: Error) => (err ? reject(err) : resolve(server)))
})
logger.info({ port: internalPortOf(env), host: env.INTERNAL_HOST }, 'internal listener (/metrics, /readyz)')

await runService({
  app,
  port: env.PORT,
  host: env.HOST,
  logger,
  closers: [
    { name: 'internal listener', close: () => new Promise((resolve) => internal.close(resolve)) },
    { name: 'upstreams', close: () => app.closeGateway() },
    { name: 'health responder', close: () => health.stop() },
    { name: 'bus', close: () => bus.close() },
    { name: 'redis', close: () => redis.quit() },
    { name: 'session redis', close: () => sessionRedis.quit() },
    { name: 'telemetry', close: () => stopTelemetry() },
  ],
})
