import { join } from 'node:path'
import { schemaDrift } from '@plumbline/db/drift'
import { serviceMigrationSources, testEnv } from '@plumbline/testing'
import { describe, expect, it } from 'vitest'

// One drift check per service: its migrations must produce exactly its Prisma schema.
describe('schema and migrations are in step', () => {
  it.each(serviceMigrationSources().map((s) => [s.schema, s]))(
    '%s',
    async (_name, source) => {
      const sql = await schemaDrift({
        databaseUrl: testEnv.databaseUrl,
        schema: source.schema,
        schemaPath: join(source.migrationsDir, '..', 'schema.prisma'),
        migrationsDir: source.migrationsDir,
      })
      expect(sql, `services/${source.schema}: run npm run migration:new -- ${source.schema} <name>`).toBe('')
    },
    60_000,
  )
})
