// NATS and Redis in the production shape for `npm start` and the production-permissions tests:
// nats-server runs the configuration libs/messaging generates for production (one user per
// service, allowed only its own subjects) and redis-server the ACL file of the service kit (one
// user per service, its own keys and commands, the default user off). Each service then connects
// as itself (NATS_USER/NATS_PASSWORD, REDIS_URL with its user), as in compose and Kubernetes, so a
// permission fault shows up locally and in the tests before it reaches a cluster.
import { type ChildProcess, spawn } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { BUS_SERVICES, type BusService, natsPasswordVariable, natsServerConfig, newNatsPassword } from '@plumbline/messaging'
import { REDIS_GRANTS, type RedisService, redisAclFile } from '@plumbline/service-kit'
import { canConnect } from './infra.js'

export type InfraUsers = { nats: Record<BusService, string>; redis: Record<RedisService, string> }

const REDIS_SERVICES = Object.keys(REDIS_GRANTS) as RedisService[]

export function newInfraUsers(): InfraUsers {
  return {
    nats: Object.fromEntries(BUS_SERVICES.map((s) => [s, newNatsPassword()])) as Record<BusService, string>,
    redis: Object.fromEntries(REDIS_SERVICES.map((s) => [s, randomBytes(24).toString('hex')])) as Record<RedisService, string>,
  }
}

/** The users of `file` (kept between runs, readable by its owner only), made on the first run. */
export function infraUsersIn(file: string): InfraUsers {
  if (existsSync(file)) {
    const users = JSON.parse(readFileSync(file, 'utf8')) as InfraUsers
    if (BUS_SERVICES.every((s) => users.nats?.[s]) && REDIS_SERVICES.every((s) => users.redis?.[s])) return users
  }
  const users = newInfraUsers()
  writeFileSync(file, `${JSON.stringify(users, null, 2)}\n`, { mode: 0o600 })
  return users
}

/** What one service needs to connect as itself: its NATS user and its Redis ACL user in the URL. */
export function serviceInfraEnv(service: BusService, users: InfraUsers, urls: { nats: string; redis: string }): Record<string, string> {
  const redis = new URL(urls.redis)
  redis.username = service
  redis.password = users.redis[service as RedisService]
  return { NATS_URL: urls.nats, NATS_USER: service, NATS_PASSWORD: users.nats[service], REDIS_URL: redis.toString() }
}

export type SecuredServer = { url: string; port: number; output: () => string; stop: () => Promise<void> }

async function daemon(what: string, bin: string, args: string[], port: number, env: Record<string, string> = {}): Promise<SecuredServer> {
  if (await canConnect('127.0.0.1', port)) throw new Error(`${what}: port ${port} is taken by another process`)
  let output = ''
  const child: ChildProcess = spawn(bin, args, { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout?.on('data', (d: Buffer) => (output += d))
  child.stderr?.on('data', (d: Buffer) => (output += d))
  child.on('error', (err) => (output += String(err)))
  const deadline = Date.now() + 15_000
  while (!(await canConnect('127.0.0.1', port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`${what} did not start on port ${port}:\n${output.slice(-2000)}`)
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  return {
    url: '',
    port,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/** nats-server with JetStream and the production users and permissions (under `prefix`, '' as in production). */
export async function startSecuredNats(opts: { port: number; dir: string; users: InfraUsers; prefix?: string }): Promise<SecuredServer> {
  mkdirSync(opts.dir, { recursive: true })
  const config = join(opts.dir, 'nats-server.conf')
  writeFileSync(config, natsServerConfig(opts.prefix ?? ''))
  // Each user's password reaches the config as $NATS_PASSWORD_<SERVICE>, from the server's environment.
  const env = Object.fromEntries(BUS_SERVICES.map((s) => [natsPasswordVariable(s), opts.users.nats[s]]))
  const server = await daemon(
    'nats-server',
    'nats-server',
    ['-c', config, '-a', '127.0.0.1', '-p', String(opts.port), '-sd', join(opts.dir, 'store')],
    opts.port,
    env,
  )
  return { ...server, url: `nats://127.0.0.1:${opts.port}` }
}

/**
 * redis-server with the production ACL file (passwords stored hashed). `inspector`: one extra
 * user that may read the ACL log and nothing else, for tests that look for refused commands.
 */
export async function startSecuredRedis(opts: {
  port: number
  dir: string
  users: InfraUsers
  prefix?: string
  persist?: boolean
  inspector?: string
}): Promise<SecuredServer> {
  mkdirSync(opts.dir, { recursive: true })
  const hashed = (password: string) => `#${createHash('sha256').update(password).digest('hex')}`
  const acl = join(opts.dir, 'users.acl')
  const extra = opts.inspector ? `user inspector on ${hashed(opts.inspector)} resetkeys resetchannels -@all +hello +auth +ping +acl|log\n` : ''
  const users = Object.fromEntries(REDIS_SERVICES.map((s) => [s, hashed(opts.users.redis[s])])) as Record<RedisService, string>
  writeFileSync(acl, redisAclFile(users, opts.prefix ?? 'plumbline:') + extra, { mode: 0o600 })
  const persistence = opts.persist ? ['--appendonly', 'yes'] : ['--appendonly', 'no', '--save', '']
  const server = await daemon(
    'redis-server',
    'redis-server',
    ['--bind', '127.0.0.1', '--port', String(opts.port), '--dir', opts.dir, '--aclfile', acl, ...persistence],
    opts.port,
  )
  return { ...server, url: `redis://127.0.0.1:${opts.port}` }
}
