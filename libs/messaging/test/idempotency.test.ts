import { headers } from '@nats-io/transport-node'
import { describe, expect, test } from 'vitest'
import { type Bus, consume, consumerName, createEnvelope, type EventConsumer, streamName, type TransactionRunner } from '../src/index.js'
import { countRows, logger, SCHEMA, type TestDb, useDbAndBus, waitFor } from './helpers.js'

// Each test has its own aggregate: new durables start at the beginning of the shared stream.
const subjectFor = (aggregate: string) => `estimates.${aggregate}.created.v1`

describe('idempotent consumer', { timeout: 60_000 }, () => {
  let db: TestDb
  let bus: Bus
  useDbAndBus('estimates', (opened) => ({ db, bus } = opened))

  const effects = (consumer: string, eventId: string) =>
    countRows(db.pool, `SELECT count(*) AS n FROM ${SCHEMA}.effects WHERE consumer = $1 AND event_id = $2`, consumer, eventId)

  async function startConsumer(durable: string, run: TransactionRunner, calls: string[]): Promise<EventConsumer> {
    const SUBJECT = subjectFor(durable)
    return consume({
      bus,
      runInTransaction: run,
      schema: SCHEMA,
      durable,
      subject: SUBJECT,
      logger,
      backoffMs: [20],
      handler: async (env, tx) => {
        calls.push(env.id)
        await tx.$executeRawUnsafe(`INSERT INTO ${SCHEMA}.effects (event_id, consumer) VALUES ($1, $2)`, env.id, durable)
      },
    })
  }

  test('the same event published twice (different msg ids) has exactly one effect', async () => {
    const SUBJECT = subjectFor('dup-publish')
    const calls: string[] = []
    const consumer = await startConsumer('dup-publish', db.run, calls)
    const env = createEnvelope({ type: SUBJECT, orgId: 'org-1', actorId: 'user-1', data: { estimateId: 'e1' } })
    const other = createEnvelope({ type: SUBJECT, orgId: 'org-1', actorId: 'user-1', data: { estimateId: 'e2' } })
    const body = JSON.stringify(env)
    // Different msg ids defeat JetStream's dedup, as after the duplicate window or from a
    // second producer: only the consumer's processed_events can stop the second effect.
    const a = await bus.js.publish(bus.subject(SUBJECT), body, { msgID: `${env.id}-a` })
    const b = await bus.js.publish(bus.subject(SUBJECT), body, { msgID: `${env.id}-b`, headers: headers() })
    expect(b.seq).toBeGreaterThan(a.seq)
    expect(b.duplicate).toBe(false)
    // A later event marks the point where both copies have certainly been handled.
    await bus.js.publish(bus.subject(SUBJECT), JSON.stringify(other), { msgID: other.id })
    await waitFor(() => effects('dup-publish', other.id), { what: 'the later event' })
    await consumer.stop()

    expect(await effects('dup-publish', env.id)).toBe(1)
    expect(calls.filter((id) => id === env.id)).toHaveLength(1)
    expect(await countRows(db.pool, `SELECT count(*) AS n FROM ${SCHEMA}.processed_events WHERE consumer = 'dup-publish' AND event_id = $1`, env.id)).toBe(1)
  })

  test('a redelivery after commit but before ack (lost ack) is skipped', async () => {
    const SUBJECT = subjectFor('lost-ack')
    const calls: string[] = []
    let crashes = 0
    // Commits, then fails as if the process died before the ack: the server redelivers.
    const commitThenCrash: TransactionRunner = async (fn) => {
      const result = await db.run(fn)
      if (crashes++ === 0) throw new Error('crash after commit')
      return result
    }
    const consumer = await startConsumer('lost-ack', commitThenCrash, calls)
    const env = createEnvelope({ type: SUBJECT, orgId: null, actorId: null, data: {} })
    await bus.js.publish(bus.subject(SUBJECT), JSON.stringify(env), { msgID: env.id })
    // The second (duplicate) delivery runs a second transaction.
    await waitFor(() => crashes >= 2, { what: 'redelivery' })
    await consumer.stop()

    expect(await effects('lost-ack', env.id)).toBe(1)
    expect(calls).toEqual([env.id])
  })

  test('work left for after the commit runs once the effect is committed, once, and not for a rollback or a duplicate', async () => {
    const SUBJECT = subjectFor('after-commit')
    const env = createEnvelope({ type: SUBJECT, orgId: null, actorId: null, data: {} })
    let attempts = 0
    // What the work saw of the effect, read on another connection: 1 once committed, 0 before.
    const seen: number[] = []
    const consumer = await consume({
      bus,
      runInTransaction: db.run,
      schema: SCHEMA,
      durable: 'after-commit',
      subject: SUBJECT,
      logger,
      backoffMs: [20],
      handler: async (event, tx, afterCommit) => {
        await tx.$executeRawUnsafe(`INSERT INTO ${SCHEMA}.effects (event_id, consumer) VALUES ($1, 'after-commit')`, event.id)
        afterCommit(async () => {
          seen.push(await effects('after-commit', event.id))
        })
        if (++attempts === 1) throw new Error('rolled back after leaving work')
      },
    })
    // Published twice (different msg ids): the copy handled second is a duplicate.
    await bus.js.publish(bus.subject(SUBJECT), JSON.stringify(env), { msgID: `${env.id}-1` })
    await bus.js.publish(bus.subject(SUBJECT), JSON.stringify(env), { msgID: `${env.id}-2` })
    await waitFor(
      async () => {
        const info = await bus.jsm.consumers.info(streamName(bus.prefix, 'estimates'), consumerName(bus.prefix, 'after-commit'))
        return info.delivered.stream_seq >= 2 && info.num_ack_pending === 0 && info.num_pending === 0
      },
      { what: 'both copies acked' },
    )
    await consumer.stop()
    expect(attempts).toBe(2)
    expect(seen).toEqual([1])
  })

  test('two consumers racing on the same event: one effect per durable', async () => {
    const SUBJECT = subjectFor('race')
    const calls: string[] = []
    const env = createEnvelope({ type: SUBJECT, orgId: null, actorId: null, data: {} })
    // Two replicas of one service share the durable; both get a copy of the event.
    const c1 = await startConsumer('race', db.run, calls)
    const c2 = await startConsumer('race', db.run, calls)
    await Promise.all([
      bus.js.publish(bus.subject(SUBJECT), JSON.stringify(env), { msgID: `${env.id}-1` }),
      bus.js.publish(bus.subject(SUBJECT), JSON.stringify(env), { msgID: `${env.id}-2` }),
    ])
    await waitFor(
      async () => {
        const info = await bus.jsm.consumers.info(streamName(bus.prefix, 'estimates'), consumerName(bus.prefix, 'race'))
        return info.delivered.stream_seq >= 2 && info.num_ack_pending === 0 && info.num_pending === 0
      },
      { what: 'both copies acked' },
    )
    await Promise.all([c1.stop(), c2.stop()])
    expect(await effects('race', env.id)).toBe(1)
    expect(calls).toEqual([env.id])
  })
})
