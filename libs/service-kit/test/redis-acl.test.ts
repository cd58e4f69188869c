import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { redisKeys } from '@plumbline/contracts'
import { connectRedis, createLogger, infraCredentialProblems, REDIS_GRANTS, type RedisService, redisAclFile } from '@plumbline/service-kit'
import { createClient, type RedisClientType } from 'redis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// Security probe 2026-11-24, finding 5: Redis ran without a password and sessions were readable
// by anyone who could reach it. A private redis-server (never the machine's shared one) runs
// with the ACL file redisAclFile writes; each service's user does its work and nothing more.

const P = 'plumbline:'
const services = Object.keys(REDIS_GRANTS) as RedisService[]
const passwords = Object.fromEntries(services.map((s) => [s, randomBytes(18).toString('hex')])) as Record<RedisService, string>
const logger = createLogger('redis-acl-test', 'silent')

let dir: string
let server: ChildProcess
let port: number
const clients: RedisClientType[] = []

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port: p } = srv.address() as { port: number }
      srv.close(() => resolve(p))
    })
  })
}

const urlFor = (user?: RedisService, password = user ? passwords[user] : '') =>
  user ? `redis://${user}:${password}@127.0.0.1:${port}` : `redis://127.0.0.1:${port}`

async function as(user: RedisService, opts: Parameters<typeof connectRedis>[2] = {}): Promise<RedisClientType> {
  const client = await connectRedis(urlFor(user), logger, opts)
  clients.push(client)
  return client
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'redis-acl-'))
  const aclFile = join(dir, 'users.acl')
  writeFileSync(aclFile, redisAclFile(Object.fromEntries(services.map((s) => [s, `>${passwords[s]}`])) as Record<RedisService, string>, P))
  port = await freePort()
  server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--aclfile', aclFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  await new Promise<void>((resolve, reject) => {
    let out = ''
    server.stdout!.on('data', (b: Buffer) => {
      out += b.toString()
      if (out.includes('Ready to accept connections')) resolve()
    })
    server.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${out}`)))
    setTimeout(() => reject(new Error(`redis-server did not start: ${out}`)), 10_000)
  })
})

afterAll(async () => {
  for (const c of clients) await c.quit().catch(() => {})
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r))
    server.kill('SIGTERM')
    await exited
  }
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const refused = async (run: () => Promise<unknown>) => {
  const err = await run().then(
    () => null,
    (e: Error) => e,
  )
  expect(err?.message ?? 'succeeded').toMatch(/NOPERM|NOAUTH|WRONGPASS/)
}

describe('each service’s Redis user does its work', () => {
  it('auth creates, reads and revokes sessions and caches identities', async () => {
    const auth = await as('auth')
    const sid = randomBytes(8).toString('hex')
    const setKey = redisKeys.userSessions(P, 'u1')
    await auth.multi().set(redisKeys.session(P, sid), '{"userId":"u1"}', { EX: 60 }).sAdd(setKey, sid).expire(setKey, 60).exec()
    expect(await auth.get(redisKeys.session(P, sid))).toBe('{"userId":"u1"}')
    expect(await auth.sMembers(setKey)).toEqual([sid])
    await auth.set(redisKeys.identity(P, 'u1'), '{}', { EX: 60 })
    await auth.del([redisKeys.identity(P, 'u1')])
    await auth
      .multi()
      .del([redisKeys.session(P, sid)])
      .sRem(setKey, [sid])
      .exec()
    expect(await auth.get(redisKeys.session(P, sid))).toBeNull()
    expect(await auth.ping()).toBe('PONG')
  })

  it('auth slows sign-in per account: a script over one hash, then HINCRBY and PEXPIRE in MULTI', async () => {
    const auth = await as('auth')
    const key = redisKeys.rateLimit(P, 'login-account', 'digest')
    const script =
      "local f = tonumber(redis.call('HGET', KEYS[1], 'f') or '0'); redis.call('HSET', KEYS[1], 'n', ARGV[1]); redis.call('PEXPIRE', KEYS[1], 60000); return f"
    expect(await auth.eval(script, { keys: [key], arguments: ['1'] })).toBe(0)
    await auth.multi().hIncrBy(key, 'f', 1).pExpire(key, 60_000).exec()
    expect(await auth.eval(script, { keys: [key], arguments: ['2'] })).toBe(1)
    // The script runs as auth: another family stays out of reach.
    await refused(() => auth.eval(script, { keys: [redisKeys.rateLimit(P, 'login', 'x')], arguments: ['1'] }))
  })

  it('the gateway reads sessions (through its tracked client-side cache) and counts rate limits', async () => {
    const auth = await as('auth')
    await auth.set(redisKeys.session(P, 'g1'), '{"userId":"u2"}', { EX: 60 })
    await auth.set(redisKeys.identity(P, 'u2'), '{"userId":"u2"}', { EX: 60 })
    const cached = await as('gateway', { cachedReads: { ttlMs: 5000, maxEntries: 100 } })
    expect(await cached.get(redisKeys.session(P, 'g1'))).toBe('{"userId":"u2"}')
    expect(await cached.get(redisKeys.identity(P, 'u2'))).toBe('{"userId":"u2"}')
    const gateway = await as('gateway')
    const key = redisKeys.rateLimit(P, 'login', '127.0.0.1:1')
    const [count] = await gateway.multi().incr(key).expire(key, 61).exec()
    expect(count).toBe(1)
  })

  it('the other services connect and answer readiness pings', async () => {
    for (const s of ['estimates', 'ai', 'documents', 'meetings', 'admin'] as const) expect(await (await as(s)).ping()).toBe('PONG')
  })
})

describe('and cannot read or write another prefix', () => {
  it('the gateway cannot write sessions or identities; estimates cannot read them', async () => {
    const gateway = await as('gateway')
    await refused(() => gateway.set(redisKeys.session(P, 'forged'), '{"userId":"admin"}'))
    await refused(() => gateway.del([redisKeys.session(P, 'g1')]))
    await refused(() => gateway.get(redisKeys.userSessions(P, 'u1')))
    const estimates = await as('estimates')
    await refused(() => estimates.get(redisKeys.session(P, 'g1')))
    await refused(() => estimates.get(redisKeys.rateLimit(P, 'login', 'x')))
    await estimates.set(`${P}estimates:probe`, '1')
    const ai = await as('ai')
    await refused(() => ai.get(`${P}estimates:probe`))
  })

  it('no user may list keys, flush, or read the configuration', async () => {
    for (const s of services) {
      const c = await as(s)
      await refused(() => c.keys('*'))
      await refused(() => c.scan('0'))
      await refused(() => c.flushAll())
      await refused(() => c.configGet('requirepass'))
    }
  })

  it('refuses a connection without credentials or with a wrong password', async () => {
    const anonymous = createClient({ url: urlFor(), socket: { reconnectStrategy: false } })
    anonymous.on('error', () => {})
    // A RESP3 client (node-redis 6's default) is refused at its HELLO; a RESP2 one at its first command.
    await refused(async () => {
      await anonymous.connect()
      await anonymous.get(redisKeys.session(P, 'g1'))
    })
    if (anonymous.isOpen) anonymous.destroy()
    const wrong = createClient({ url: urlFor('auth', 'not-the-password'), socket: { reconnectStrategy: false } })
    wrong.on('error', () => {})
    await refused(() => wrong.connect())
  })
})

describe('production refuses to start without credentials', () => {
  const prod = {
    NODE_ENV: 'production' as const,
    NATS_USER: 'estimates',
    NATS_PASSWORD: 'n0123456789abcdef0123',
    REDIS_URL: 'redis://estimates:secret@redis:6379',
  }
  it('names each missing credential', () => {
    expect(infraCredentialProblems(prod)).toEqual([])
    expect(infraCredentialProblems({ ...prod, NATS_USER: undefined, NATS_PASSWORD: undefined })).toEqual([
      "NATS_USER, NATS_PASSWORD: required in production (the service's own NATS user)",
    ])
    expect(infraCredentialProblems({ ...prod, REDIS_URL: 'redis://redis:6379' })).toHaveLength(1)
    expect(infraCredentialProblems({ ...prod, REDIS_URL: 'redis://:secret@redis:6379' })[0]).toMatch(/^REDIS_URL/)
    expect(infraCredentialProblems({ ...prod, NATS_PASSWORD: undefined })).toHaveLength(2)
  })
  it('refuses a NATS password nats-server would parse as a number (it reads the value unquoted)', () => {
    expect(infraCredentialProblems({ ...prod, NATS_PASSWORD: '4a0123456789abcdef01' })[0]).toMatch(/^NATS_PASSWORD: must start with a letter/)
    expect(infraCredentialProblems({ ...prod, NATS_PASSWORD: 'short' })[0]).toMatch(/^NATS_PASSWORD/)
  })
  it('keeps the open local servers in development and tests', () => {
    expect(infraCredentialProblems({ NODE_ENV: 'development', REDIS_URL: 'redis://127.0.0.1:6379' })).toEqual([])
    expect(infraCredentialProblems({ NODE_ENV: 'test', REDIS_URL: 'redis://127.0.0.1:6379' })).toEqual([])
  })
})
