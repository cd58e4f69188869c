import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { messagingRetention, pruneMessagingTables, startMessagingPruner } from '../src/index.js'
import { countRows, createTestDb, logger, SCHEMA, type TestDb, waitFor } from './helpers.js'

let db: TestDb
beforeAll(async () => {
  db = await createTestDb()
})
afterAll(async () => {
  await db?.drop()
})

const HOUR = 3_600_000

async function seed(rows: { publishedHoursAgo: number | null; createdHoursAgo: number }[], processedHoursAgo: number[]) {
  for (const r of rows)
    await db.pool.query(
      `INSERT INTO ${SCHEMA}.outbox_events (id, subject, payload, created_at, published_at)
       VALUES ($1, 'x.y.v1', '{}', now() - make_interval(hours => $2), CASE WHEN $3::int IS NULL THEN NULL ELSE now() - make_interval(hours => $3::int) END)`,
      [randomUUID(), r.createdHoursAgo, r.publishedHoursAgo],
    )
  for (const h of processedHoursAgo)
    await db.pool.query(`INSERT INTO ${SCHEMA}.processed_events (consumer, event_id, processed_at) VALUES ('c', $1, now() - make_interval(hours => $2))`, [
      randomUUID(),
      h,
    ])
}

describe('pruning the outbox and the consumers de-duplication rows', () => {
  test('deletes only published rows past retention and processed rows past the stream age plus a day', async () => {
    await db.pool.query(`TRUNCATE ${SCHEMA}.outbox_events, ${SCHEMA}.processed_events`)
    await seed(
      [
        { publishedHoursAgo: 100, createdHoursAgo: 100 }, // published long ago: goes
        { publishedHoursAgo: 1, createdHoursAgo: 200 }, // published recently (after a long outage): stays
        { publishedHoursAgo: null, createdHoursAgo: 500 }, // never published: never pruned
      ],
      [24 * 20, 24 * 14 + 1, 24 * 14 + 25, 2],
    )
    const retention = messagingRetention({ outboxHours: 72, streamMaxAgeHours: 24 * 14 })
    expect(retention.processedMs).toBe(24 * 15 * HOUR)
    const counts = await pruneMessagingTables(db.run, SCHEMA, retention)
    expect(counts).toEqual({ outbox: 1, processed: 2 })
    expect(await countRows(db.pool, `SELECT count(*) AS n FROM ${SCHEMA}.outbox_events WHERE published_at IS NULL`)).toBe(1)
    expect(await countRows(db.pool, `SELECT count(*) AS n FROM ${SCHEMA}.outbox_events`)).toBe(2)
    expect(await countRows(db.pool, `SELECT count(*) AS n FROM ${SCHEMA}.processed_events`)).toBe(2)
  })

  test('large backlogs go in batches until none is left', async () => {
    await db.pool.query(`TRUNCATE ${SCHEMA}.outbox_events, ${SCHEMA}.processed_events`)
    await db.pool.query(
      `INSERT INTO ${SCHEMA}.outbox_events (id, subject, payload, created_at, published_at)
       SELECT gen_random_uuid(), 'x.y.v1', '{}', now() - interval '10 days', now() - interval '10 days' FROM generate_series(1, 12001)`,
    )
    const counts = await pruneMessagingTables(db.run, SCHEMA, { outboxMs: HOUR, processedMs: HOUR })
    expect(counts.outbox).toBe(12001)
    expect(await countRows(db.pool, `SELECT count(*) AS n FROM ${SCHEMA}.outbox_events`)).toBe(0)
  })

  test('without a stream max age the de-duplication rows are kept', async () => {
    await db.pool.query(`TRUNCATE ${SCHEMA}.outbox_events, ${SCHEMA}.processed_events`)
    await seed([{ publishedHoursAgo: 5, createdHoursAgo: 5 }], [24 * 365 * 3])
    const pruner = startMessagingPruner({
      runInTransaction: db.run,
      schema: SCHEMA,
      retention: messagingRetention({ outboxHours: 1, streamMaxAgeHours: 0 }),
      logger,
    })
    // The first round runs at once: the old outbox row going shows it ran.
    await waitFor(async () => (await countRows(db.pool, `SELECT count(*) AS n FROM ${SCHEMA}.outbox_events`)) === 0 || undefined, { what: 'the first prune' })
    await pruner.stop()
    expect(await countRows(db.pool, `SELECT count(*) AS n FROM ${SCHEMA}.processed_events`)).toBe(1)
  })
})
