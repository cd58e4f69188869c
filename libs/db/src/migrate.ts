import { createHash, randomUUID } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { quoteIdent } from './connection.js'

export type MigrationSource = { schema: string; migrationsDir: string }
type Log = { info: (obj: object, msg: string) => void }

const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`

export function listMigrations(migrationsDir: string): { name: string; sql: string; checksum: string }[] {
  if (!existsSync(migrationsDir)) return []
  return readdirSync(migrationsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(migrationsDir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(migrationsDir, name, 'migration.sql'), 'utf8')
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') }
    })
}

/**
 * Applies pending migrations of one service schema, recording them in the same
 * `_prisma_migrations` table Prisma uses, so `prisma migrate deploy` agrees with us where the
 * native engine is available. An advisory lock per schema makes concurrent starts safe; an
 * edited, already-applied migration is refused rather than silently diverging.
 */
export async function applyMigrations(databaseUrl: string, source: MigrationSource, log?: Log): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const schema = quoteIdent(source.schema)
  try {
    await client.query(`SELECT pg_advisory_lock(hashtext($1))`, [`migrate:${source.schema}`])
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`)
    await client.query(`SET search_path TO ${schema}`)
    await client.query(MIGRATIONS_TABLE)
    const { rows } = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
    )
    const applied = new Map(rows.map((r) => [r.migration_name, r]))
    const done: string[] = []
    for (const m of listMigrations(source.migrationsDir)) {
      const prior = applied.get(m.name)
      if (prior?.finished_at) {
        if (prior.checksum !== m.checksum) throw new Error(`Migration ${source.schema}/${m.name} was edited after it was applied`)
        continue
      }
      await client.query('BEGIN')
      try {
        await client.query(m.sql)
        await client.query(`INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES ($1, $2, now(), $3, 1)`, [
          randomUUID(),
          m.checksum,
          m.name,
        ])
        await client.query('COMMIT')
      } catch (err) {
        await client.query('ROLLBACK')
        throw new Error(`Migration ${source.schema}/${m.name} failed: ${(err as Error).message}`)
      }
      done.push(m.name)
      log?.info({ schema: source.schema, migration: m.name }, 'migration applied')
    }
    return done
  } finally {
    await client.query(`SELECT pg_advisory_unlock(hashtext($1))`, [`migrate:${source.schema}`]).catch(() => {})
    await client.end()
  }
}

/** Creates the database named in the URL when it is missing (first start on a fresh server). */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl)
  const name = url.pathname.slice(1)
  url.pathname = '/postgres'
  const client = new pg.Client({ connectionString: url.toString() })
  await client.connect()
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (!rowCount)
      await client.query(`CREATE DATABASE ${quoteIdent(name)}`).catch((err) => {
        if ((err as { code?: string }).code !== '42P04') throw err
      })
  } finally {
    await client.end()
  }
}

/**
 * A service's migrate entry point (services/<service>/src/migrate.ts, built to src/migrate.js in its
 * image and run by the Kubernetes init container): creates the database if missing, applies the
 * pending migrations under the same advisory lock the service takes at start-up, logs one JSON
 * line and exits; a failure exits 1, which stops the rollout.
 */
export async function migrateAndExit(opts: { service: string; schema: string; migrationsDir: URL }): Promise<never> {
  const log = { info: (fields: object, msg: string) => console.log(JSON.stringify({ service: opts.service, ...fields, msg })) }
  const url = process.env.DATABASE_URL
  if (!url) {
    console.error('Invalid configuration:\n  DATABASE_URL: required')
    process.exit(1)
  }
  try {
    await ensureDatabase(url)
    const applied = await applyMigrations(url, { schema: opts.schema, migrationsDir: opts.migrationsDir.pathname }, log)
    log.info({ applied: applied.length }, 'migrations up to date')
    process.exit(0)
  } catch (err) {
    console.error(JSON.stringify({ service: opts.service, level: 50, err: String((err as Error).stack ?? err), msg: 'migration failed' }))
    process.exit(1)
  }
}
