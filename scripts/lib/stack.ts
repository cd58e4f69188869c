// Runs the whole platform as real processes: every service, the gateway (which serves the shell)
// and a static server per remote. Used by `npm start`, the browser tests and the benchmark.
import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs'
import type { Server } from 'node:http'
import { join } from 'node:path'
import { REMOTE_NAMES, type RemoteName } from '@plumbline/contracts/remotes'
import { generateIdentityKeyEnv, staticSite } from '@plumbline/service-kit'
import { type InfraUsers, serviceInfraEnv } from './secured-infra.js'

export const root = join(import.meta.dirname, '..', '..')
export const SERVICES = ['auth', 'estimates', 'ai', 'documents', 'meetings', 'admin'] as const
export type ServiceName = (typeof SERVICES)[number] | 'gateway'
export type { RemoteName }

export type StackOptions = {
  /** Gateway (and shell) port; services use port+1001…, remotes port+101… unless given. */
  port: number
  databaseUrl: string
  natsUrl: string
  redisUrl: string
  busPrefix?: string
  redisPrefix?: string
  seedDemo?: boolean
  logDir: string
  env?: Record<string, string>
  /** NATS and Redis run with the production users: each service connects as itself (secured-infra.ts). */
  users?: InfraUsers
  /** Serve the built remotes (default true); tests of the API alone leave them out. */
  remotes?: boolean
  /** How long each service may take to answer /healthz (default 60 s; a test run beside the whole suite on two cores needs more). */
  readyTimeoutMs?: number
  /** The identity key pair; a fresh one per run when omitted (the private half goes to the gateway only). */
  identityKeys?: { IDENTITY_SIGNING_KEY: string; IDENTITY_PUBLIC_KEYS: string }
}

export type Stack = {
  url: string
  servicePorts: Record<ServiceName, number>
  remotePorts: Record<RemoteName, number>
  /** SIGTERM (a clean stop, SIGKILL after 10 s), or SIGKILL at once: a crash. */
  stopService: (name: ServiceName, signal?: 'SIGTERM' | 'SIGKILL') => Promise<void>
  startService: (name: ServiceName) => Promise<void>
  stopRemote: (name: RemoteName) => Promise<void>
  startRemote: (name: RemoteName) => Promise<void>
  stop: () => Promise<void>
  /** Process ids of the running services (the gateway included), for memory figures. */
  pids: () => Partial<Record<ServiceName, number>>
}

const tsxLoader = join(root, 'node_modules', 'tsx', 'dist', 'esm', 'index.mjs')

/** Linux hands out outgoing connections' local ports from this range; a listener there can meet EADDRINUSE at random. */
function ephemeralPortRange(): [number, number] | null {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number)
    return low && high ? [low, high] : null
  } catch {
    return null
  }
}

function portsFor(port: number) {
  const range = ephemeralPortRange()
  // The stack listens on port … port+1000+SERVICES.length (internal listener and services).
  if (range && port + 1000 + SERVICES.length >= range[0] && port <= range[1])
    throw new Error(
      `port ${port}: the stack's ports (up to ${port + 1000 + SERVICES.length}) reach the ephemeral range ${range[0]}-${range[1]}; choose a port below ${range[0] - 1000 - SERVICES.length}`,
    )
  const servicePorts = { gateway: port } as Record<ServiceName, number>
  SERVICES.forEach((s, i) => {
    servicePorts[s] = port + 1001 + i
  })
  const remotePorts = {} as Record<RemoteName, number>
  REMOTE_NAMES.forEach((r, i) => {
    remotePorts[r] = port + 101 + i
  })
  return { servicePorts, remotePorts }
}

async function waitReady(url: string, child: ChildProcess, name: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} during start-up (see its log)`)
    try {
      const res = await fetch(url)
      if (res.ok) return
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 150))
  }
  throw new Error(`${name} was not ready at ${url} within ${timeoutMs / 1000} s`)
}

export async function startStack(opts: StackOptions): Promise<Stack> {
  mkdirSync(opts.logDir, { recursive: true })
  const { servicePorts, remotePorts } = portsFor(opts.port)
  const origin = `http://localhost:${opts.port}`
  const shellOrigins = [origin, `http://127.0.0.1:${opts.port}`]
  const remotesJson = JSON.stringify(Object.fromEntries(REMOTE_NAMES.map((r) => [r, `http://localhost:${remotePorts[r]}/mf-manifest.json`])))
  const common: Record<string, string> = {
    DATABASE_URL: opts.databaseUrl,
    NATS_URL: opts.natsUrl,
    REDIS_URL: opts.redisUrl,
    BUS_PREFIX: opts.busPrefix ?? '',
    REDIS_PREFIX: opts.redisPrefix ?? 'plumbline:',
    APP_URL: origin,
    PUBLIC_ORIGIN: origin,
    ...Object.fromEntries(SERVICES.map((s) => [`${s.toUpperCase()}_URL`, `http://127.0.0.1:${servicePorts[s]}`])),
    ...opts.env,
  }
  const { IDENTITY_SIGNING_KEY, IDENTITY_PUBLIC_KEYS } = opts.identityKeys ?? generateIdentityKeyEnv()
  const children = new Map<ServiceName, ChildProcess>()
  const remoteServers = new Map<RemoteName, Server>()

  const envFor = (name: ServiceName): Record<string, string> => ({
    ...common,
    ...(opts.users ? serviceInfraEnv(name, opts.users, { nats: opts.natsUrl, redis: opts.redisUrl }) : {}),
    PORT: String(servicePorts[name]),
    ...(name === 'gateway' ? { IDENTITY_SIGNING_KEY } : { IDENTITY_PUBLIC_KEYS }),
    ...((name === 'auth' || name === 'admin' || name === 'estimates') && opts.seedDemo ? { SEED_DEMO: 'true' } : {}),
    ...(name === 'gateway'
      ? { SHELL_DIST: join(root, 'frontends', 'shell', 'dist'), REMOTES_JSON: remotesJson, HOST: opts.env?.GATEWAY_HOST ?? '127.0.0.1' }
      : {}),
  })

  async function startService(name: ServiceName) {
    const log = createWriteStream(join(opts.logDir, `${name}.log`), { flags: 'a' })
    const child = spawn(
      process.execPath,
      [...(process.env.SERVICE_NODE_ARGS?.split(' ').filter(Boolean) ?? []), '--import', tsxLoader, join(root, 'services', name, 'src', 'main.ts')],
      {
        cwd: join(root, 'services', name),
        env: { ...process.env, ...envFor(name) },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    child.stdout.pipe(log)
    child.stderr.pipe(log)
    children.set(name, child)
    await waitReady(`http://127.0.0.1:${servicePorts[name]}/healthz`, child, name, opts.readyTimeoutMs)
  }

  async function stopService(name: ServiceName, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') {
    const child = children.get(name)
    if (!child || child.exitCode !== null) return
    await new Promise<void>((resolve) => {
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000)
      child.once('exit', () => {
        clearTimeout(kill)
        resolve()
      })
      child.kill(signal)
    })
  }

  async function startRemote(name: RemoteName) {
    const dist = join(root, 'frontends', name, 'dist')
    if (!existsSync(dist)) throw new Error(`frontends/${name}/dist is missing: build the front ends first`)
    const server = await new Promise<Server>((resolve, reject) => {
      // Loopback only, and readable cross-origin by the shell's page alone.
      const s = staticSite(dist, { spaFallback: false, cors: shellOrigins }).listen(remotePorts[name], '127.0.0.1', (err?: Error) =>
        err ? reject(err) : resolve(s),
      )
    })
    remoteServers.set(name, server)
  }

  async function stopRemote(name: RemoteName) {
    const server = remoteServers.get(name)
    if (!server) return
    remoteServers.delete(name)
    server.closeAllConnections()
    await new Promise((r) => server.close(r))
  }

  const stop = async () => {
    await Promise.all([...remoteServers.keys()].map(stopRemote))
    await stopService('gateway')
    await Promise.all(SERVICES.map((s) => stopService(s)))
  }

  try {
    if (opts.remotes !== false) await Promise.all(REMOTE_NAMES.map(startRemote))
    // The services side by side (each seeds its own demo data and migrates its own schema); the
    // gateway last, once auth answers its identity requests.
    await Promise.all(SERVICES.map(startService))
    await startService('gateway')
  } catch (err) {
    await stop()
    throw err
  }
  const pids = () =>
    Object.fromEntries([...children].filter(([, c]) => c.exitCode === null && c.pid !== undefined).map(([name, c]) => [name, c.pid])) as Partial<
      Record<ServiceName, number>
    >
  return { url: origin, servicePorts, remotePorts, stopService, startService, stopRemote, startRemote, stop, pids }
}
