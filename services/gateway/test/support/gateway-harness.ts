import { randomBytes } from 'node:crypto'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { CSRF_COOKIE, CSRF_HEADER, type Membership, redisKeys, SESSION_COOKIE, type SessionIdentity } from '@plumbline/contracts'
import { type Bus, connectBus } from '@plumbline/messaging'
import { connectRedis, createLogger, sessionKey, signingKeyFromEnv } from '@plumbline/service-kit'
import { testEnv, uniqueId } from '@plumbline/testing'
import type { RedisClientType } from 'redis'
import { createGatewayApp, type GatewayApp, SESSION_READ_CACHE } from '../../src/app.js'
import { type GatewayEnv, ZGatewayEnv } from '../../src/env.js'
import type { ServiceName } from '../../src/routes/route-table.js'
import { csrfKeyFrom, csrfTokens } from '../../src/security/csrf.js'
import { type FakeUpstream, startFakeUpstream } from './fake-upstream.js'

export const SERVICES: ServiceName[] = ['auth', 'estimates', 'ai', 'documents', 'meetings', 'admin']
export const CSRF_TOKEN = 'test-csrf-token-0123456789abcdef'

export type TestUser = { sessionId: string; identity: SessionIdentity; cookie: string }
export type ApiOptions = {
  method?: string
  user?: TestUser
  /** true (default): send the matching CSRF cookie and header; false: neither; a string: that header value. */
  csrf?: boolean | string
  headers?: Record<string, string>
  body?: string | Buffer | ReadableStream
}

export type GatewayHarness = {
  url: string
  /** The public listener, as app.listen made it. */
  server: Server
  env: GatewayEnv
  prefix: string
  redis: RedisClientType
  bus: Bus
  upstreams: Record<ServiceName, FakeUpstream>
  /** Every request any fake service received so far. */
  forwardedCount: () => number
  signIn: (opts: { systemRole?: SessionIdentity['systemRole']; memberships?: Membership[]; cacheIdentity?: boolean }) => Promise<TestUser>
  api: (path: string, opts?: ApiOptions) => Promise<Response>
  /** A GET on the internal listener (/metrics, /readyz). */
  internal: (path: string) => Promise<Response>
  close: () => Promise<void>
}

export const membership = (orgId: string, role = 'Owner'): Membership => ({
  orgId,
  orgName: `Org ${orgId}`,
  role,
  permissions: { cost_estimator: ['access', 'create', 'edit', 'delete', 'share'] },
})

/**
 * The gateway in process on port 0 against real Redis and NATS (own key and subject prefix),
 * with a fake HTTP server standing in for each service.
 */
export async function startGateway(
  opts: { env?: Record<string, string>; bus?: Bus; redisUrl?: string /** Interface to listen on (127.0.0.1). */; listenHost?: string } = {},
): Promise<GatewayHarness> {
  const prefix = uniqueId('gw')
  const entries = await Promise.all(SERVICES.map(async (s) => [s, await startFakeUpstream(s)] as const))
  const upstreams = Object.fromEntries(entries) as Record<ServiceName, FakeUpstream>
  const env = ZGatewayEnv.parse({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    NATS_URL: testEnv.natsUrl,
    REDIS_URL: testEnv.redisUrl,
    BUS_PREFIX: prefix,
    REDIS_PREFIX: `${prefix}:`,
    PORT: '0',
    ...Object.fromEntries(SERVICES.map((s) => [`${s.toUpperCase()}_URL`, upstreams[s].url])),
    ...opts.env,
  })
  const logger = createLogger('gateway-test', 'silent')
  const redis = await connectRedis(opts.redisUrl ?? testEnv.redisUrl, logger)
  // As in production: sessions are read through a client-side cached connection.
  const sessionRedis = await connectRedis(opts.redisUrl ?? testEnv.redisUrl, logger, { cachedReads: SESSION_READ_CACHE })
  const bus = opts.bus ?? (await connectBus({ servers: testEnv.natsUrl, name: 'gateway-test', prefix, logger }))
  const app: GatewayApp = createGatewayApp({ env, logger, redis, sessionRedis, bus })
  const csrfForSessions = csrfTokens(csrfKeyFrom(signingKeyFromEnv(env)))
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, opts.listenHost ?? '127.0.0.1', () => resolve(s))
  })
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const internalServer = await new Promise<Server>((resolve) => {
    const s = app.internal.listen(0, '127.0.0.1', () => resolve(s))
  })
  const internal = (path: string) => fetch(`http://127.0.0.1:${(internalServer.address() as AddressInfo).port}${path}`)

  const signIn: GatewayHarness['signIn'] = async ({ systemRole = 'user', memberships = [], cacheIdentity = true }) => {
    const userId = uniqueId('user')
    const sessionId = randomBytes(24).toString('base64url')
    const identity: SessionIdentity = { userId, email: `${userId}@example.test`, systemRole, memberships }
    await redis.set(sessionKey(env.REDIS_PREFIX, sessionId), JSON.stringify({ userId, createdAt: new Date().toISOString() }), { EX: 600 })
    if (cacheIdentity) await redis.set(redisKeys.identity(env.REDIS_PREFIX, userId), JSON.stringify(identity), { EX: 300 })
    return { sessionId, identity, cookie: `${SESSION_COOKIE}=${sessionId}` }
  }

  const api: GatewayHarness['api'] = (path, o = {}) => {
    const csrf = o.csrf ?? true
    // As the browser holds it: a token bound to the session once signed in, a plain one before.
    const token = o.user ? csrfForSessions.issue(o.user.sessionId) : CSRF_TOKEN
    const cookies = [o.user?.cookie, csrf !== false ? `${CSRF_COOKIE}=${token}` : undefined].filter(Boolean)
    const headers: Record<string, string> = { ...(cookies.length ? { cookie: cookies.join('; ') } : {}), ...o.headers }
    if (csrf !== false) headers[CSRF_HEADER] = csrf === true ? token : csrf
    return fetch(`${url}${path}`, {
      method: o.method ?? 'GET',
      headers,
      body: o.body,
      redirect: 'manual',
      ...(o.body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit)
  }

  const close = async () => {
    server.closeAllConnections()
    await new Promise((r) => server.close(r))
    await new Promise((r) => internalServer.close(r))
    await app.closeGateway()
    if (redis.isReady) {
      const keys = await redis.keys(`${prefix}:*`)
      if (keys.length) await redis.del(keys)
      await redis.quit()
    } else redis.destroy() // a test stopped its own Redis
    if (sessionRedis.isReady) await sessionRedis.quit()
    else sessionRedis.destroy()
    if (!opts.bus) await bus.close()
    await Promise.all(SERVICES.map((s) => upstreams[s].close()))
  }

  const forwardedCount = () => SERVICES.reduce((n, s) => n + upstreams[s].received.length, 0)
  return { url, server, env, prefix, redis, bus, upstreams, forwardedCount, signIn, api, internal, close }
}
