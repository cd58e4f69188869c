// Starts one real stack for all browser journeys, on its own ports, database, NATS prefix and
// Redis prefix, and a small control endpoint so a test can stop or start a remote or a service
// mid-session (tests run in workers and cannot reach this process's objects).
import http from 'node:http'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import '@plumbline/testing' // declares the provided e2e context keys
import { ensureDatabase, withDatabase } from '@plumbline/db'
import { type RemoteName, root, type ServiceName, startStack } from '../lib/stack.js'

/**
 * Shards start their stacks one after the other (a PostgreSQL advisory lock they all reach): seven
 * services compiling and migrating at once, twice over, starve each other past their readiness.
 */
async function oneStartAtATime<T>(base: string, start: () => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg')
  const lock = new pg.Client({ connectionString: withDatabase(base, 'postgres') })
  await lock.connect()
  try {
    await lock.query("SELECT pg_advisory_lock(hashtext('plumbline-e2e-stack-start'))")
    return await start()
  } finally {
    await lock.end() // ending the session releases the lock
  }
}

export default async function setup(project: TestProject) {
  const id = `e2e${process.env.E2E_SHARD ?? ''}${Date.now().toString(36)}`
  const base = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres'
  const databaseUrl = withDatabase(base, id)
  await ensureDatabase(databaseUrl)
  const port = Number(process.env.E2E_PORT ?? 3300)
  const stack = await oneStartAtATime(base, () =>
    startStack({
      port,
      databaseUrl,
      natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
      redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      busPrefix: id,
      redisPrefix: `${id}:`,
      seedDemo: true,
      logDir: join(root, 'test-output', 'e2e-logs', id),
      // Every journey signs in from 127.0.0.1 and many create estimates in the demo organisation;
      // the limits themselves are tested in the gateway's and admin's suites.
      env: {
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        GATEWAY_HOST: '127.0.0.1',
        RATE_LIMIT_LOGIN: '1000',
        RATE_LIMIT_ACCOUNT: '1000',
        LOGIN_SLOWDOWN_AFTER: '100',
        RATE_LIMIT_AI: '1000',
        DEFAULT_ESTIMATES_LIMIT: '500',
        DEFAULT_AI_LIMIT: '1000',
        DEFAULT_PDF_LIMIT: '500',
        // The monitoring charts fill within a journey rather than after minutes.
        MONITORING_SAMPLE_SECONDS: '2',
        // Recordings of this run, dropped with test-output.
        MEETINGS_AUDIO_DIR: join(root, 'test-output', `${id}-audio`),
      },
      // Beside the type-check and the other shard's stack on two cores, a service can take minutes.
      readyTimeoutMs: 180_000,
    }),
  )

  const control = http.createServer(async (req, res) => {
    const match = /^\/(remotes|services)\/([a-z]+)\/(stop|start)$/.exec(req.url ?? '')
    if (req.method !== 'POST' || !match) return res.writeHead(404).end()
    const [, kind, name, action] = match
    try {
      if (kind === 'remotes') await (action === 'stop' ? stack.stopRemote(name as RemoteName) : stack.startRemote(name as RemoteName))
      else await (action === 'stop' ? stack.stopService(name as ServiceName) : stack.startService(name as ServiceName))
      res.writeHead(204).end()
    } catch (err) {
      res.writeHead(500).end((err as Error).message)
    }
  })
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve))
  const controlPort = (control.address() as { port: number }).port

  project.provide('baseUrl', stack.url)
  project.provide('controlUrl', `http://127.0.0.1:${controlPort}`)
  project.provide('databaseUrl', databaseUrl)

  return async () => {
    control.close()
    await stack.stop()
    const { default: pg } = await import('pg')
    const admin = new pg.Client({ connectionString: withDatabase(base, 'postgres') })
    await admin.connect()
    await admin.query(`DROP DATABASE IF EXISTS "${id}" WITH (FORCE)`).catch(() => {})
    await admin.end()
  }
}
