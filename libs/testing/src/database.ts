import { createHash } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { applyMigrations, listMigrations, quoteIdent, withDatabase } from '@plumbline/db'
import pg from 'pg'
import { testEnv, uniqueId } from './env.js'

const repoRoot = join(import.meta.dirname, '..', '..', '..')

/** Every service that has migrations, as {schema, migrationsDir}. */
export function serviceMigrationSources() {
  const servicesDir = join(repoRoot, 'services')
  return readdirSync(servicesDir)
    .filter((s) => existsSync(join(servicesDir, s, 'prisma', 'migrations')))
    .sort()
    .map((s) => ({ schema: s, migrationsDir: join(servicesDir, s, 'prisma', 'migrations') }))
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(testEnv.databaseUrl, 'postgres') })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

/**
 * A template database with every service's migrations applied, named by a hash of those
 * migrations, so it is built once per change and cloned (fast) by every test file.
 */
async function ensureTemplate(): Promise<string> {
  const sources = serviceMigrationSources()
  const hash = createHash('sha256')
  for (const s of sources) for (const m of listMigrations(s.migrationsDir)) hash.update(`${s.schema}/${m.name}/${m.checksum}`)
  const name = `plumbline_tpl_${hash.digest('hex').slice(0, 16)}`
  return admin(async (c) => {
    await c.query('SELECT pg_advisory_lock(hashtext($1))', ['plumbline-test-template'])
    try {
      const { rows } = await c.query('SELECT datistemplate FROM pg_database WHERE datname = $1', [name])
      if (rows[0]?.datistemplate) return name
      if (rows.length) await c.query(`DROP DATABASE ${quoteIdent(name)} WITH (FORCE)`)
      await c.query(`CREATE DATABASE ${quoteIdent(name)}`)
      const url = withDatabase(testEnv.databaseUrl, name)
      for (const source of sources) await applyMigrations(url, source)
      await c.query(`ALTER DATABASE ${quoteIdent(name)} WITH is_template true`)
      return name
    } finally {
      await c.query('SELECT pg_advisory_unlock(hashtext($1))', ['plumbline-test-template'])
    }
  })
}

export type TestDatabase = { url: string; name: string; drop: () => Promise<void> }

/** A fresh, fully migrated database for one test file; drop it in afterAll. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = await ensureTemplate()
  const name = uniqueId('test_')
  await admin(async (c) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template)}`)
        return
      } catch (err) {
        // Concurrent clones of one template can briefly collide; retry.
        if (attempt > 20 || !/being accessed by other users/.test((err as Error).message)) throw err
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200))
      }
    }
  })
  return {
    name,
    url: withDatabase(testEnv.databaseUrl, name),
    drop: () => admin(async (c) => void (await c.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`))),
  }
}
