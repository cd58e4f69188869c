import { applyMigrations, createPrismaClient, ensureDatabase, type PrismaCtor, type QueryRows } from '@plumbline/db'
import {
  type Bus,
  type BusService,
  connectBus,
  ensureStream,
  messagingRetention,
  type SqlTx,
  startMessagingPruner,
  startOutboxRelay,
  type TransactionRunner,
} from '@plumbline/messaging'
import { stopTelemetry } from '@plumbline/telemetry'
import type { Express } from 'express'
import { createClient, type RedisClientType } from 'redis'
import { createServiceApp } from './app.js'
import { type BaseEnv, identityKeysFromEnv } from './env.js'
import { serverErrorReporter } from './error-reporting.js'
import type { ReadinessCheck } from './health.js'
import { outboxBacklogQuery, startHealthResponder } from './health-report.js'
import { identityVerifier } from './identity.js'
import { assertInfraCredentials, natsCredentials } from './infra-credentials.js'
import { type Closer, runService } from './lifecycle.js'
import { createLogger, type Logger } from './logger.js'
import { registerMessagingMetrics } from './messaging-metrics.js'
import { createMetrics, registerPoolMetrics } from './metrics.js'

type PrismaLike = {
  $queryRawUnsafe: (q: string) => Promise<unknown>
  $disconnect: () => Promise<void>
  $transaction: <T>(fn: (tx: SqlTx) => Promise<T>) => Promise<T>
}

export type ServiceDeps<P> = {
  env: BaseEnv & { PORT: number }
  logger: Logger
  prisma: P
  bus: Bus
  redis: RedisClientType
  runInTransaction: TransactionRunner
  schema: string
  /** Hot reads straight on Prisma's pool (see createPrismaClient); everything else goes through Prisma. */
  queryRows: QueryRows
}

export type ServiceDefinition<P extends PrismaLike, D extends ServiceDeps<P> = ServiceDeps<P>> = {
  name: string
  /** The PostgreSQL schema this service owns. */
  schema: string
  env: BaseEnv & { PORT: number }
  PrismaClient: PrismaCtor<P>
  migrationsDir: string
  /**
   * Builds the service's own deps (caches, crypto, storage) from the shared ones, once per
   * process: routes, consumers and onStart all get this same object, so they share its caches.
   */
  buildDeps?: (base: ServiceDeps<P>) => D
  /** Mounts the service's routers. */
  routes: (deps: D) => (app: Express) => void
  /** Starts durable consumers; each returns something stoppable. */
  consumers?: (deps: D) => Promise<{ stop: () => Promise<void> | void }[]>
  /** Extra work at start-up (seeding system data, reply handlers). */
  onStart?: (deps: D) => Promise<Closer[]>
  /** JSON body limit (express syntax, e.g. '1mb'); 100kb when omitted. */
  bodyLimit?: string
  /**
   * What the service's requests cannot do without, beside its database: only these fail /readyz
   * (the others are reported). NATS down: requests go on and events wait in the outbox, so no
   * service's readiness needs it; Redis only where a request reads it (auth's sessions).
   */
  needs?: { redis?: boolean; nats?: boolean }
}

export type CachedReads = { ttlMs: number; maxEntries: number }

/**
 * `cachedReads`: RESP3 client-side caching. A GET is answered from this process's memory until
 * Redis reports the key changed, expired or was deleted (server-assisted tracking on this
 * connection), and at most ttlMs in any case; a lost connection drops the whole cache. For hot
 * keys read on every request (the gateway's sessions), it saves a Redis round trip per read.
 */
export async function connectRedis(url: string, logger: Logger, opts: { cachedReads?: CachedReads } = {}): Promise<RedisClientType> {
  const cache = opts.cachedReads && {
    RESP: 3 as const,
    clientSideCache: { ttl: opts.cachedReads.ttlMs, maxEntries: opts.cachedReads.maxEntries, evictPolicy: 'LRU' as const },
  }
  // The RESP3 client's GET/SET/DEL replies are the same strings and numbers as RESP2's.
  // No per-command timeout (node-redis 6 defaults to 5 s): it arms an AbortSignal.timeout for
  // every command, which costs more CPU than the GET itself. The gateway bounds its request-path
  // reads with its own deadline (DEPENDENCY_TIMEOUT_MS); elsewhere this keeps node-redis 5's behaviour.
  const redis = createClient({
    url,
    socket: { reconnectStrategy: (retries) => Math.min(retries * 100, 2000) },
    commandOptions: { timeout: 0 },
    ...cache,
  }) as unknown as RedisClientType
  redis.on('error', (err) => logger.warn({ err: err.message }, 'redis error'))
  await redis.connect()
  return redis
}

/**
 * The one start-up sequence shared by every service: migrate, connect, relay the outbox,
 * consume, serve, and close it all in reverse on shutdown.
 */
export async function startServiceRuntime<P extends PrismaLike, D extends ServiceDeps<P> = ServiceDeps<P>>(def: ServiceDefinition<P, D>) {
  const { env } = def
  assertInfraCredentials(env)
  const logger = createLogger(def.name, env.LOG_LEVEL)
  await ensureDatabase(env.DATABASE_URL)
  await applyMigrations(env.DATABASE_URL, { schema: def.schema, migrationsDir: def.migrationsDir }, logger)
  const { prisma, queryRows, poolStats } = createPrismaClient(def.PrismaClient, {
    databaseUrl: env.DATABASE_URL,
    schema: def.schema,
    poolSize: env.DB_POOL_MAX,
  })
  const runInTransaction: TransactionRunner = (fn) => prisma.$transaction(fn)
  const bus = await connectBus({ servers: env.NATS_URL, name: def.name, prefix: env.BUS_PREFIX, logger, credentials: natsCredentials(env) })
  await ensureStream(bus, def.schema, streamLimits(env))
  const redis = await connectRedis(env.REDIS_URL, logger)
  const base: ServiceDeps<P> = { env, logger, prisma, queryRows, bus, redis, runInTransaction, schema: def.schema }
  const deps = def.buildDeps ? def.buildDeps(base) : (base as D)
  const relay = startOutboxRelay({ runInTransaction, peek: queryRows, schema: def.schema, bus, logger })
  const pruner = startMessagingPruner({
    runInTransaction,
    schema: def.schema,
    logger,
    retention: messagingRetention({ outboxHours: env.OUTBOX_RETENTION_HOURS, streamMaxAgeHours: env.STREAM_MAX_AGE_HOURS }),
  })
  const consumers = (await def.consumers?.(deps)) ?? []
  const extra: Closer[] = (await def.onStart?.(deps)) || []
  const metrics = createMetrics(def.name)
  const identityKeys = identityKeysFromEnv(env)
  const readiness = serviceReadiness({ prisma, bus, redis }, def.needs)
  const app = createServiceApp({
    name: def.name,
    logger,
    metrics,
    verifyIdentity: identityVerifier(identityKeys),
    routes: def.routes(deps),
    bodyLimit: def.bodyLimit,
    readiness,
    onServerError: serverErrorReporter(bus, def.name),
  })
  const outbox = outboxBacklogQuery((sql) => prisma.$queryRawUnsafe(sql), def.schema)
  registerMessagingMetrics(metrics.registry, { bus, service: def.name as BusService, outbox })
  registerPoolMetrics(metrics.registry, poolStats)
  const health = startHealthResponder({ service: def.name as BusService, bus, registry: metrics.registry, readiness, outbox })
  const server = await runService({
    app,
    port: env.PORT,
    host: env.HOST,
    logger,
    closers: [
      ...consumers.map((c, i) => ({ name: `consumer-${i}`, close: () => c.stop() })),
      ...extra,
      { name: 'health responder', close: () => health.stop() },
      { name: 'identity keys', close: () => identityKeys.close() },
      { name: 'relay', close: () => relay.stop() },
      { name: 'pruner', close: () => pruner.stop() },
      { name: 'bus', close: () => bus.close() },
      { name: 'redis', close: () => redis.quit() },
      { name: 'prisma', close: () => prisma.$disconnect() },
      { name: 'telemetry', close: () => stopTelemetry() },
    ],
  })
  return { server, deps }
}

/** The database always; NATS and Redis fail readiness only where the service's requests need them. */
export function serviceReadiness(
  deps: { prisma: Pick<PrismaLike, '$queryRawUnsafe'>; bus: Pick<Bus, 'nc'>; redis: Pick<RedisClientType, 'ping' | 'isReady'> },
  needs: ServiceDefinition<PrismaLike>['needs'] = {},
): ReadinessCheck[] {
  return [
    { name: 'database', check: () => deps.prisma.$queryRawUnsafe('SELECT 1') },
    { name: 'nats', check: () => deps.bus.nc.flush(), optional: !needs.nats },
    // A disconnected client queues commands: report that at once instead of waiting for the timeout.
    { name: 'redis', check: () => (deps.redis.isReady ? deps.redis.ping() : Promise.reject(new Error('not connected'))), optional: !needs.redis },
  ]
}

/** The service's stream as its env sizes it (DB_POOL_MAX's neighbours in BaseEnv). */
export function streamLimits(env: Pick<BaseEnv, 'STREAM_MAX_AGE_HOURS' | 'STREAM_MAX_BYTES' | 'STREAM_REPLICAS'>) {
  return {
    maxAgeMs: env.STREAM_MAX_AGE_HOURS > 0 ? env.STREAM_MAX_AGE_HOURS * 3_600_000 : undefined,
    maxBytes: env.STREAM_MAX_BYTES,
    replicas: env.STREAM_REPLICAS,
  }
}
