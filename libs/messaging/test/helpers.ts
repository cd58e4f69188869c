import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { pino } from 'pino'
import { afterAll, beforeAll } from 'vitest'
import { type Bus, connectBus, ensureStream, OUTBOX_TABLES_SQL, pgTransactionRunner, type TransactionRunner } from '../src/index.js'

export const PG = { host: '127.0.0.1', port: 5432, user: 'postgres' }
export const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222'
export const SCHEMA = 'svc'

/** Silent unless MESSAGING_TEST_LOG=debug|info|warn… is set. */
export const logger = pino({ level: process.env.MESSAGING_TEST_LOG ?? 'silent' })

export const randomId = (n = 6) => randomBytes(n).toString('hex')

export type TestDb = { name: string; pool: pg.Pool; run: TransactionRunner; drop(): Promise<void> }

/**
 * A fresh database per test file with the outbox tables in schema `svc`, plus an `effects`
 * table the handlers write to (no unique key on purpose: duplicates must be visible).
 */
export async function createTestDb(): Promise<TestDb> {
  const name = `msg_${randomId()}`
  const admin = new pg.Client({ ...PG, database: 'postgres' })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const pool = new pg.Pool({ ...PG, database: name, max: 10 })
  await pool.query(`CREATE SCHEMA ${SCHEMA}`)
  await pool.query(OUTBOX_TABLES_SQL(SCHEMA))
  await pool.query(`CREATE TABLE ${SCHEMA}.effects (event_id uuid NOT NULL, consumer text NOT NULL, at timestamptz NOT NULL DEFAULT clock_timestamp())`)
  return {
    name,
    pool,
    run: pgTransactionRunner(pool),
    async drop() {
      await pool.end()
      const c = new pg.Client({ ...PG, database: 'postgres' })
      await c.connect()
      // pool.end() resolves before its connections have finished closing; a FORCE drop that
      // kills one mid-close surfaces as an unhandled 'error' event, so wait for them first.
      await waitFor(
        async () => {
          const { rows } = await c.query<{ n: string }>('SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1', [name])
          return Number(rows[0]!.n) === 0
        },
        { timeoutMs: 10_000, what: `connections to ${name} to close` },
      ).catch(() => {})
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    },
  }
}

export const testPrefix = () => `t${randomId(5)}`

export async function testBus(prefix: string, servers = NATS_URL, name = 'messaging-test'): Promise<Bus> {
  return connectBus({ servers, name, prefix, logger, connection: { reconnectTimeWait: 100 } })
}

/** Deletes every stream this prefix created. */
export async function deleteStreams(bus: Bus): Promise<void> {
  const mine = `${bus.prefix.toUpperCase()}_`
  for await (const name of bus.jsm.streams.names()) {
    if (name.startsWith(mine)) await bus.jsm.streams.delete(name)
  }
}

/**
 * What most files here need, for the describe block it is called in: a database of its own and a
 * bus under a fresh prefix with `owner`'s stream, handed to `use` before the tests and removed
 * (streams, connection, database) after them.
 */
export function useDbAndBus(owner: string, use: (opened: { db: TestDb; bus: Bus }) => void): void {
  let close: (() => Promise<void>) | undefined
  beforeAll(async () => {
    const db = await createTestDb()
    const bus = await testBus(testPrefix())
    close = async () => {
      await deleteStreams(bus).catch(() => {})
      await bus.close()
      await db.drop()
    }
    await ensureStream(bus, owner)
    use({ db, bus })
  }, 60_000)
  afterAll(() => close?.(), 60_000)
}

/** Polls `check` until it returns a truthy value or the deadline passes. */
export async function waitFor<T>(check: () => Promise<T> | T, { timeoutMs = 20_000, intervalMs = 25, what = 'condition' } = {}): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs
  let last: unknown
  for (;;) {
    try {
      const v = await check()
      if (v) return v as NonNullable<T>
    } catch (err) {
      last = err
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`, { cause: last })
    await new Promise((r) => setTimeout(r, intervalMs))
  }
}

export async function countRows(pool: pg.Pool, sql: string, ...values: unknown[]): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(sql, values)
  return Number(rows[0]!.n)
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolve(port))
    })
  })
}

/** A private nats-server with JetStream, for tests that stop and restart the server. */
export type OwnNats = {
  url: string
  port: number
  storeDir: string
  start(): Promise<void>
  kill(signal?: NodeJS.Signals): Promise<void>
  cleanup(): Promise<void>
}

/** `args` come before the port and store flags (which override a config file's); `env` adds to the server's environment. */
export async function ownNatsServer(opts: { args?: string[]; env?: Record<string, string> } = {}): Promise<OwnNats> {
  const port = await freePort()
  const storeDir = mkdtempSync(join(tmpdir(), 'msg-nats-'))
  let child: ChildProcess | undefined
  const server: OwnNats = {
    url: `nats://127.0.0.1:${port}`,
    port,
    storeDir,
    async start() {
      const args = [...(opts.args ?? []), '-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir]
      const proc = spawn('nats-server', args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...opts.env } })
      child = proc
      await new Promise<void>((resolve, reject) => {
        let out = ''
        const onData = (b: Buffer) => {
          out += b.toString()
          if (out.includes('Server is ready')) {
            proc.stderr!.off('data', onData)
            proc.stderr!.resume()
            resolve()
          }
        }
        proc.stderr!.on('data', onData)
        proc.stdout!.resume()
        proc.once('exit', (code) => reject(new Error(`nats-server exited with ${code}: ${out}`)))
        setTimeout(() => reject(new Error(`nats-server did not start: ${out}`)), 15_000)
      })
    },
    async kill(signal = 'SIGKILL') {
      const proc = child
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return
      const exited = new Promise((r) => proc.once('exit', r))
      proc.kill(signal)
      await exited
      child = undefined
    },
    async cleanup() {
      await server.kill('SIGTERM')
      rmSync(storeDir, { recursive: true, force: true })
    },
  }
  await server.start()
  return server
}
