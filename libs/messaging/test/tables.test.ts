import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { OUTBOX_PRISMA_MODELS, OUTBOX_TABLES_SQL } from '../src/index.js'

describe('outbox tables', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')

  test('the README carries the same Prisma models and DDL as the code', () => {
    expect(readme).toContain(OUTBOX_PRISMA_MODELS.trim())
    expect(readme).toContain(OUTBOX_TABLES_SQL('<schema>').trim())
  })

  test('the schema name is quoted, never trusted', () => {
    expect(OUTBOX_TABLES_SQL('a"b')).toContain('"a""b".outbox_events')
    expect(() => OUTBOX_TABLES_SQL('')).toThrow(/invalid SQL identifier/)
  })
})
