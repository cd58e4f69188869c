import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { applyMigrations, ensureDatabase, withDatabase } from '@plumbline/db'
import { testEnv, uniqueId } from '@plumbline/testing'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const dbName = uniqueId('migrate_')
const url = withDatabase(testEnv.databaseUrl, dbName)
const dir = mkdtempSync(join(tmpdir(), 'migrations-'))
const write = (name: string, sql: string) => {
  mkdirSync(join(dir, name), { recursive: true })
  writeFileSync(join(dir, name, 'migration.sql'), sql)
}
const query = async (sql: string) => {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    return (await c.query(sql)).rows
  } finally {
    await c.end()
  }
}

beforeAll(async () => {
  await ensureDatabase(url)
})
afterAll(async () => {
  const c = new pg.Client({ connectionString: withDatabase(testEnv.databaseUrl, 'postgres') })
  await c.connect()
  await c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`)
  await c.end()
})

describe('applyMigrations', () => {
  it('applies pending migrations in order into the schema and records them like Prisma', async () => {
    write('20260101000000_one', 'CREATE TABLE thing (id int PRIMARY KEY);')
    write('20260102000000_two', 'ALTER TABLE thing ADD COLUMN name text;')
    expect(await applyMigrations(url, { schema: 'svc', migrationsDir: dir })).toEqual(['20260101000000_one', '20260102000000_two'])
    const rows = await query(
      `SELECT migration_name, finished_at IS NOT NULL AS done, length(checksum) AS len FROM svc."_prisma_migrations" ORDER BY migration_name`,
    )
    expect(rows).toEqual([
      { migration_name: '20260101000000_one', done: true, len: 64 },
      { migration_name: '20260102000000_two', done: true, len: 64 },
    ])
    expect(await query(`SELECT column_name FROM information_schema.columns WHERE table_schema = 'svc' AND table_name = 'thing' ORDER BY column_name`)).toEqual([
      { column_name: 'id' },
      { column_name: 'name' },
    ])
  })

  it('is idempotent and safe when two processes start at once', async () => {
    write('20260103000000_three', 'CREATE TABLE other (id int);')
    const [a, b] = await Promise.all([applyMigrations(url, { schema: 'svc', migrationsDir: dir }), applyMigrations(url, { schema: 'svc', migrationsDir: dir })])
    expect([...a, ...b]).toEqual(['20260103000000_three'])
  })

  it('rolls back a failing migration and reports it', async () => {
    write('20260104000000_bad', 'CREATE TABLE partial (id int); SELECT no_such_function();')
    await expect(applyMigrations(url, { schema: 'svc', migrationsDir: dir })).rejects.toThrow(/20260104000000_bad failed/)
    expect(await query(`SELECT to_regclass('svc.partial') AS t`)).toEqual([{ t: null }])
  })

  it('refuses an applied migration that was edited afterwards', async () => {
    write('20260104000000_bad', 'SELECT 1;')
    write('20260101000000_one', 'CREATE TABLE thing (id bigint PRIMARY KEY);')
    await expect(applyMigrations(url, { schema: 'svc', migrationsDir: dir })).rejects.toThrow(/edited after it was applied/)
  })
})
