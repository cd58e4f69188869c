import { createPrismaClient, ensureDatabase, withDatabase } from '@plumbline/db'
import { testEnv, uniqueId } from '@plumbline/testing'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// DB_POOL_MAX reaches the pool: twelve concurrent queries through a pool of three never hold
// more than three connections, which is what keeps replicas × services under max_connections.

const dbName = uniqueId('pool_')
const url = withDatabase(testEnv.databaseUrl, dbName)
const admin = () => new pg.Client({ connectionString: withDatabase(testEnv.databaseUrl, 'postgres') })

/** Stands in for a generated client: only the pool under it matters here; closing ends the pool. */
class NoPrisma {
  constructor(readonly options: { adapter: unknown }) {}
  async $disconnect() {
    await (this.options.adapter as { externalPool: { end(): Promise<void> } }).externalPool.end()
  }
}

beforeAll(async () => {
  await ensureDatabase(url)
})
// Without FORCE: terminating the pool's last connections while they close made pg raise an
// uncaught "terminating connection due to administrator command" (57P01) in CI. A connection still
// closing only makes the drop wait a moment and try again.
afterAll(async () => {
  const c = admin()
  await c.connect()
  for (let attempt = 0; ; attempt++) {
    try {
      await c.query(`DROP DATABASE IF EXISTS "${dbName}"`)
      break
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  await c.end()
})

describe('the pool size', () => {
  it('caps the connections a service opens', async () => {
    const { prisma, queryRows } = createPrismaClient(NoPrisma, { databaseUrl: url, schema: 'public', poolSize: 3 })
    const c = admin()
    await c.connect()
    let most = 0
    const sampling = (async () => {
      for (let i = 0; i < 30; i++) {
        const { rows } = await c.query<{ n: string }>('SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1', [dbName])
        most = Math.max(most, Number(rows[0].n))
        await new Promise((r) => setTimeout(r, 20))
      }
    })()
    await Promise.all(Array.from({ length: 12 }, () => queryRows({ text: 'SELECT pg_sleep(0.15)', values: [] })))
    await sampling
    await c.end()
    await prisma.$disconnect()
    expect(most).toBe(3)
  })
})
