import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { schemaDrift } from '@plumbline/db/drift'
import { testEnv } from '@plumbline/testing'

const prismaDir = join(import.meta.dirname, '..', '..', 'prisma')

describe('ai schema and migrations', () => {
  it('are in step (no drift)', async () => {
    const sql = await schemaDrift({
      databaseUrl: testEnv.databaseUrl,
      schema: 'ai',
      schemaPath: join(prismaDir, 'schema.prisma'),
      migrationsDir: join(prismaDir, 'migrations'),
    })
    expect(sql, 'run: npm run migration:new -- ai <name>').toBe('')
  }, 120_000)
})
