import { IDENTITY_HEADER, type IdentityClaims, type PermissionSet, SYSTEM_ROLE_PERMISSIONS } from '@plumbline/contracts'
import { createPrismaClient, type PrismaCtor } from '@plumbline/db'
import { type Bus, connectBus, ensureStream, type SqlTx } from '@plumbline/messaging'
import { type BaseEnv, connectRedis, createLogger, createMetrics, createServiceApp, type ServiceDeps, signIdentity, ZBaseEnv } from '@plumbline/service-kit'
import type { Express } from 'express'
import { createTestDatabase, type TestDatabase } from './database.js'
import { testEnv, uniqueId } from './env.js'

type PrismaLike = {
  $disconnect: () => Promise<void>
  $transaction: <T>(fn: (tx: SqlTx) => Promise<T>) => Promise<T>
  $queryRawUnsafe: (q: string) => Promise<unknown>
}

export type TestService<P> = { deps: ServiceDeps<P>; app: Express; db: TestDatabase; prefix: string; close: () => Promise<void> }

/**
 * Mounts one service's app in process against its own database, NATS prefix and Redis prefix,
 * exactly as main.ts wires it, for integration tests.
 */
export async function startTestService<P extends PrismaLike, E extends BaseEnv & { PORT: number }>(opts: {
  name: string
  schema: string
  PrismaClient: PrismaCtor<P>
  routes: (deps: ServiceDeps<P> & { env: E }) => (app: Express) => void
  env?: Partial<Record<string, string>>
  envSchema?: { parse: (v: unknown) => E }
  /** JSON body limit as the service's main.ts sets it (100kb when omitted). */
  bodyLimit?: string
}): Promise<TestService<P> & { deps: ServiceDeps<P> & { env: E } }> {
  const db = await createTestDatabase()
  const prefix = uniqueId('t')
  const rawEnv = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: db.url,
    NATS_URL: testEnv.natsUrl,
    REDIS_URL: testEnv.redisUrl,
    BUS_PREFIX: prefix,
    REDIS_PREFIX: `${prefix}:`,
    IDENTITY_SECRET: testEnv.identitySecret,
    PORT: '0',
    ...opts.env,
  }
  const env = (opts.envSchema ? opts.envSchema.parse(rawEnv) : { ...ZBaseEnv.parse(rawEnv), PORT: 0 }) as E
  const logger = createLogger(opts.name, 'silent')
  const { prisma, queryRows } = createPrismaClient(opts.PrismaClient, { databaseUrl: db.url, schema: opts.schema, poolSize: 5 })
  const bus = await connectBus({ servers: testEnv.natsUrl, name: `${opts.name}-test`, prefix, logger })
  await ensureStream(bus, opts.schema)
  const redis = await connectRedis(testEnv.redisUrl, logger)
  const deps = { env, logger, prisma, queryRows, bus, redis, runInTransaction: (fn) => prisma.$transaction(fn), schema: opts.schema } as ServiceDeps<P> & {
    env: E
  }
  const app = createServiceApp({
    name: opts.name,
    logger,
    metrics: createMetrics(opts.name),
    identitySecret: testEnv.identitySecret,
    readiness: [],
    routes: opts.routes(deps),
    bodyLimit: opts.bodyLimit,
  })
  const close = async () => {
    await deleteStreamsWithPrefix(bus, prefix)
    const keys = await redis.keys(`${prefix}:*`)
    if (keys.length) await redis.del(keys)
    await redis.quit()
    await bus.close()
    await prisma.$disconnect()
    await db.drop()
  }
  return { deps, app, db, prefix, close }
}

/** Headers a request needs to pass a service's identity check, as the gateway would sign them. */
export async function identityHeaders(claims: IdentityClaims): Promise<Record<string, string>> {
  return { [IDENTITY_HEADER]: await signIdentity(claims, testEnv.identitySecret) }
}

/** A member of `orgId` as the gateway would describe them (Owner permissions unless given). */
export function claimsFor(orgId: string, opts: { permissions?: PermissionSet; userId?: string } = {}): IdentityClaims {
  return {
    sub: opts.userId ?? `user-${orgId}`,
    email: `${orgId}@example.com`,
    systemRole: 'user',
    orgId,
    orgRole: 'Owner',
    permissions: opts.permissions ?? SYSTEM_ROLE_PERMISSIONS.Owner,
  }
}

export type ApiResponse<T = any> = { status: number; body: T; headers: Headers; text: string; bytes: Buffer }
export type Api = <T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<ApiResponse<T>>

/** Bodies fetch sends as they are; anything else but a string with its own content-type goes as JSON. */
const isRawBody = (body: unknown, headers: Record<string, string>) =>
  (typeof body === 'string' && headers['content-type'] !== undefined) || body instanceof Uint8Array || body instanceof FormData || body instanceof Blob

/**
 * A request to a service in process, as the gateway forwards it: signed with `claims`'
 * identity (anonymous when null). The answer's body is parsed when it is JSON (else its text),
 * with its raw bytes beside.
 */
export async function signedRequest(
  base: string,
  claims: IdentityClaims | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  const h: Record<string, string> = { ...(claims ? await identityHeaders(claims) : {}), ...headers }
  let payload: RequestInit['body']
  if (body !== undefined) {
    if (isRawBody(body, h)) payload = body as RequestInit['body']
    else {
      payload = JSON.stringify(body)
      h['content-type'] ??= 'application/json'
    }
  }
  const res = await fetch(`${base}${path}`, { method, headers: h, body: payload })
  const bytes = Buffer.from(await res.arrayBuffer())
  const text = bytes.toString('utf8')
  let parsed: unknown = text
  try {
    parsed = text ? JSON.parse(text) : undefined
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, headers: res.headers, text, bytes }
}

/** The shared NATS server keeps streams forever; remove the ones a test's prefix created. */
async function deleteStreamsWithPrefix(bus: Bus, prefix: string): Promise<void> {
  const mine = `${prefix.toUpperCase()}_`
  const names: string[] = []
  for await (const info of bus.jsm.streams.list()) if (info.config.name.startsWith(mine)) names.push(info.config.name)
  for (const name of names) await bus.jsm.streams.delete(name).catch(() => {})
}
