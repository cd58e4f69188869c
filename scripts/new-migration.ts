// Authors a migration for one service: the SQL that takes its existing migrations to its Prisma
// schema, written as prisma/migrations/<stamp>_<name>/migration.sql. Works offline (schema-engine
// wasm, see libs/db/src/drift.ts). Usage: npm run migration:new -- <service> <name>
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { serviceDrift } from '@plumbline/db/drift'

const [service, name = 'migration'] = process.argv.slice(2)
if (!service || !/^[a-z_]+$/.test(name)) {
  console.error('usage: npm run migration:new -- <service> <snake_case_name>')
  process.exit(2)
}
const dir = join(import.meta.dirname, '..', 'services', service, 'prisma')
const sql = await serviceDrift(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres', service, dir)
if (!sql) {
  console.log('no schema changes')
} else {
  const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14)
  const target = join(dir, 'migrations', `${stamp}_${name}`)
  mkdirSync(target, { recursive: true })
  writeFileSync(join(target, 'migration.sql'), `${sql}\n`)
  writeFileSync(join(dir, 'migrations', 'migration_lock.toml'), 'provider = "postgresql"\n')
  console.log(`created ${target}`)
}
process.exit(0)
