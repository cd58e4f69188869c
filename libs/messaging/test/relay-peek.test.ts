import { describe, expect, test } from 'vitest'
import { type Bus, createEnvelope, startOutboxRelay, streamName, type TransactionRunner, writeOutbox } from '../src/index.js'
import { countRows, logger, SCHEMA, type TestDb, useDbAndBus, waitFor } from './helpers.js'

// An idle relay asks whether a row waits (one query outside any transaction) before it opens the
// claiming transaction; rows still go out exactly as before.
describe('outbox relay with a peek', { timeout: 60_000 }, () => {
  let db: TestDb
  let bus: Bus
  useDbAndBus('estimates', (opened) => ({ db, bus } = opened))

  test('opens no transaction while the outbox is empty, and publishes a row once one is committed', async () => {
    let transactions = 0
    const counted: TransactionRunner = (fn) => {
      transactions++
      return db.run(fn)
    }
    let peeks = 0
    const peek = async (statement: { text: string; values: unknown[] }) => {
      peeks++
      return (await db.pool.query(statement.text, statement.values)).rows
    }
    const relay = startOutboxRelay({ runInTransaction: counted, peek, schema: SCHEMA, bus, logger, idleMs: 20 })
    await waitFor(() => peeks >= 10, { what: 'ten idle rounds' })
    expect(transactions).toBe(0)

    const env = createEnvelope({ type: 'estimates.estimate.created.v1', orgId: 'org', actorId: 'user', data: {} })
    await db.run((tx) => writeOutbox(tx, SCHEMA, env))
    await waitFor(async () => (await countRows(db.pool, `SELECT count(*) AS n FROM ${SCHEMA}.outbox_events WHERE published_at IS NULL`)) === 0, {
      what: 'the row published',
    })
    await relay.stop()
    expect(transactions).toBeGreaterThan(0)
    expect((await bus.jsm.streams.info(streamName(bus.prefix, 'estimates'))).state.messages).toBe(1)
  })
})
