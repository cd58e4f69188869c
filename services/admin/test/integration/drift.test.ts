import { join } from 'node:path'
import { serviceDrift } from '@plumbline/db/drift'
import { testEnv } from '@plumbline/testing'
import { describe, expect, it } from 'vitest'

describe('admin schema and migrations', () => {
  it('are in step (no drift)', async () => {
    const sql = await serviceDrift(testEnv.databaseUrl, 'admin', join(import.meta.dirname, '..', '..', 'prisma'))
    expect(sql, 'run: npm run migration:new -- admin <name>').toBe('')
  }, 120_000)
})
