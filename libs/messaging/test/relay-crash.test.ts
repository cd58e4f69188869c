import { describe, expect, test } from 'vitest'
import { type Bus, consume, createEnvelope, startOutboxRelay, streamName, writeOutbox } from '../src/index.js'
import { countRows, logger, SCHEMA, type TestDb, useDbAndBus, waitFor } from './helpers.js'

const SUBJECT = 'estimates.estimate.created.v1'
const N = 25

describe('outbox relay crash', { timeout: 60_000 }, () => {
  let db: TestDb
  let bus: Bus
  useDbAndBus('estimates', (opened) => ({ db, bus } = opened))

  test('a relay that dies between PubAck and marking rows sent publishes after restart, each event once', async () => {
    // Rows committed while no relay runs: the relay died after the business transaction.
    const ids: string[] = []
    for (let i = 0; i < N; i++) {
      const env = createEnvelope({ type: SUBJECT, orgId: 'org', actorId: 'user', data: { i } })
      ids.push(env.id)
      await db.run((tx) => writeOutbox(tx, SCHEMA, env))
    }

    // The first relay publishes part of a batch and then "crashes": its publish throws after
    // the message reached the stream, so its transaction rolls back / marks nothing for that row.
    let published = 0
    const crashAfter = 10
    const crashingBus: Bus = {
      ...bus,
      js: {
        ...bus.js,
        publish: async (...args: Parameters<Bus['js']['publish']>) => {
          const ack = await bus.js.publish(...args)
          if (++published === crashAfter) throw new Error('relay process killed after PubAck')
          return ack
        },
      } as Bus['js'],
    }
    const crashed = startOutboxRelay({ runInTransaction: db.run, schema: SCHEMA, bus: crashingBus, logger, poll: false })
    await expect(crashed.drainOnce()).rejects.toThrow(/outbox publish failed/)
    await crashed.stop()
    const unpublished = () => countRows(db.pool, `SELECT count(*) AS n FROM ${SCHEMA}.outbox_events WHERE published_at IS NULL`)
    // Rows up to the crash are marked; the crashed row and everything after it are not.
    expect(await unpublished()).toBe(N - (crashAfter - 1))

    const seen: string[] = []
    const consumer = await consume({
      bus,
      runInTransaction: db.run,
      schema: SCHEMA,
      durable: 'relay-crash',
      subject: SUBJECT,
      logger,
      handler: async (env, tx) => {
        seen.push(env.id)
        await tx.$executeRawUnsafe(`INSERT INTO ${SCHEMA}.effects (event_id, consumer) VALUES ($1, 'relay-crash')`, env.id)
      },
    })

    // A fresh relay (the restarted process) finishes the job.
    const relay = startOutboxRelay({ runInTransaction: db.run, schema: SCHEMA, bus, logger, idleMs: 20 })
    await waitFor(async () => (await unpublished()) === 0, { what: 'outbox drained' })
    await waitFor(async () => (await countRows(db.pool, `SELECT count(DISTINCT event_id) AS n FROM ${SCHEMA}.effects`)) === N, {
      what: 'all events consumed',
    })
    await relay.stop()
    await consumer.stop()

    // Re-published rows were dropped by JetStream's duplicate window (same msg id)...
    const info = await bus.jsm.streams.info(streamName(bus.prefix, 'estimates'))
    expect(info.state.messages).toBe(N)
    // ...and every event had exactly one effect, in outbox order.
    expect(await countRows(db.pool, `SELECT count(*) AS n FROM ${SCHEMA}.effects`)).toBe(N)
    expect(seen).toEqual(ids)
  })

  async function storedFor(subject: string): Promise<number> {
    const info = await bus.jsm.streams.info(streamName(bus.prefix, 'estimates'), { subjects_filter: bus.subject(subject) })
    return info.state.subjects?.[bus.subject(subject)] ?? 0
  }

  test('a relay whose transaction fails after publishing (DB error on mark) loses nothing', async () => {
    const subject = 'estimates.estimate.updated.v1'
    const env = createEnvelope({ type: subject, orgId: null, actorId: null, data: {} })
    await db.run((tx) => writeOutbox(tx, SCHEMA, env))
    // The database connection dies before COMMIT: everything rolls back after the publish.
    const failingCommit: typeof db.run = (fn) =>
      db.run(async (tx) => {
        await fn(tx)
        throw new Error('connection lost before COMMIT')
      })
    const broken = startOutboxRelay({ runInTransaction: failingCommit, schema: SCHEMA, bus, logger })
    await waitFor(async () => (await storedFor(subject)) === 1, { what: 'published once' })
    await broken.stop()
    expect(await countRows(db.pool, `SELECT count(*) AS n FROM ${SCHEMA}.outbox_events WHERE id = $1 AND published_at IS NULL`, env.id)).toBe(1)

    const relay = startOutboxRelay({ runInTransaction: db.run, schema: SCHEMA, bus, logger, poll: false })
    expect(await relay.drainOnce()).toBe(1)
    await relay.stop()
    expect(await storedFor(subject)).toBe(1)
  })
})
