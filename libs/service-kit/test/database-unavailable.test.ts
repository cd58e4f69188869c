// PostgreSQL going away answers 503 with Retry-After (the client may try again), not 500: the
// errors come from a real server refusing a connection and killing one mid-session, as they do
// during a failover or a restart.
import type { AddressInfo } from 'node:net'
import { createServer } from 'node:net'
import { withDatabase } from '@plumbline/db'
import { createLogger, errorHandler, isDatabaseUnavailable } from '@plumbline/service-kit'
import { testEnv } from '@plumbline/testing'
import express from 'express'
import pg from 'pg'
import { describe, expect, it } from 'vitest'

const url = withDatabase(testEnv.databaseUrl, 'postgres')

async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as AddressInfo
  await new Promise((r) => server.close(r))
  return port
}

async function refusedConnectionError(): Promise<unknown> {
  const client = new pg.Client({ host: '127.0.0.1', port: await closedPort(), user: 'postgres' })
  return client.connect().then(
    () => new Error('connected?'),
    (err: unknown) => err,
  )
}

describe('isDatabaseUnavailable', () => {
  it('recognises a refused connection and a connection the server terminated', async () => {
    expect(isDatabaseUnavailable(await refusedConnectionError())).toBe(true)

    const victim = new pg.Client({ connectionString: url })
    victim.on('error', () => {})
    await victim.connect()
    const pid = (await victim.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query('SELECT pg_terminate_backend($1)', [pid])
    await admin.end()
    const terminated = await victim.query('SELECT 1').then(
      () => new Error('still connected?'),
      (err: unknown) => err,
    )
    expect(isDatabaseUnavailable(terminated)).toBe(true)
  })

  it('leaves query errors alone: they are the request’s fault or a bug, not an outage', async () => {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    const syntax = await client.query('SELEC 1').catch((err: unknown) => err)
    const overflow = await client.query('SELECT 1e20::numeric(14,2)').catch((err: unknown) => err)
    await client.end()
    expect(isDatabaseUnavailable(syntax)).toBe(false)
    expect(isDatabaseUnavailable(overflow)).toBe(false)
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false)
  })
})

describe('the error handler', () => {
  it('answers 503 with Retry-After when the database is unreachable', async () => {
    const refused = await refusedConnectionError()
    const app = express()
    app.get('/x', () => {
      throw refused
    })
    app.use(errorHandler(createLogger('test', 'silent')))
    const server = app.listen(0, '127.0.0.1')
    await new Promise((r) => server.once('listening', r))
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/x`)
    server.close()
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('5')
    expect(((await res.json()) as { code: string }).code).toBe('SERVICE_UNAVAILABLE')
  })
})
