import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream, mkdirSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { type Bus, connectBus } from '@plumbline/messaging'
import { createLogger } from '@plumbline/service-kit'
import { createTestDatabase, type TestDatabase } from './database.js'
import { testEnv, uniqueId } from './env.js'

const root = join(import.meta.dirname, '..', '..', '..')
const tsxLoader = join(root, 'node_modules', 'tsx', 'dist', 'esm', 'index.mjs')

/** A port nobody listens on right now. */
export async function sparePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as { port: number }
  await new Promise((r) => server.close(r))
  return port
}

export type ServiceProcess = { child: ChildProcess; base: string; kill(signal?: NodeJS.Signals): Promise<void> }

/**
 * A service as a real process (node --import tsx services/<service>/src/main.ts), as the stack
 * starts it, so a test can kill it without a clean shutdown; its output goes to
 * test-output/<service>-process-<label>.log for when a test fails.
 */
export async function startServiceProcess(service: string, env: Record<string, string>, label: string): Promise<ServiceProcess> {
  const logDir = join(root, 'test-output')
  mkdirSync(logDir, { recursive: true })
  const log = createWriteStream(join(logDir, `${service}-process-${label}.log`), { flags: 'a' })
  const child = spawn(process.execPath, ['--import', tsxLoader, join(root, 'services', service, 'src', 'main.ts')], {
    cwd: join(root, 'services', service),
    env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.pipe(log)
  child.stderr?.pipe(log)
  const base = `http://127.0.0.1:${env.PORT}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${service} exited with ${child.exitCode} during start-up (see test-output/${service}-process-${label}.log)`)
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) break
    if (Date.now() > deadline) throw new Error(`${service} did not start within 60 s`)
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    child,
    base,
    kill: (signal = 'SIGKILL') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill(signal)
      }),
  }
}

export type ProcessTestInfra = {
  db: TestDatabase
  /** The test's own connection to the bus, under the processes' prefix (stand-ins, duplicate messages). */
  bus: Bus
  prefix: string
  /** What every service process of the test needs (database, bus, Redis, prefixes); add PORT and the service's own. */
  env: Record<string, string>
  close(): Promise<void>
}

/**
 * A database, a bus prefix and a Redis prefix of its own for tests that run services as real
 * processes (startServiceProcess); close() deletes the prefix's streams and drops the database.
 */
export async function startProcessTestInfra(label: string): Promise<ProcessTestInfra> {
  const prefix = uniqueId('t')
  const db = await createTestDatabase()
  const bus = await connectBus({ servers: testEnv.natsUrl, name: label, prefix, logger: createLogger(label, 'silent') })
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: db.url,
    NATS_URL: testEnv.natsUrl,
    REDIS_URL: testEnv.redisUrl,
    BUS_PREFIX: prefix,
    REDIS_PREFIX: `${prefix}:`,
  }
  return {
    db,
    bus,
    prefix,
    env,
    async close() {
      for await (const s of bus.jsm.streams.list())
        if (s.config.name.startsWith(`${prefix.toUpperCase()}_`)) await bus.jsm.streams.delete(s.config.name).catch(() => {})
      await bus.close()
      await db.drop()
    },
  }
}
