import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { type Bus, consume, consumerName, createEnvelope, type DeadLetter, deadLetterSubject, messagingTotals, streamName } from '../src/index.js'
import { countRows, logger, NATS_URL, SCHEMA, type TestDb, testBus, useDbAndBus, waitFor } from './helpers.js'

describe('retries and dead letter', { timeout: 60_000 }, () => {
  let db: TestDb
  let bus: Bus
  useDbAndBus('documents', (opened) => ({ db, bus } = opened))

  async function deadLetterOf(durable: string): Promise<DeadLetter | null> {
    const stored = await bus.jsm.streams.getMessage(streamName(bus.prefix, 'dlq'), { last_by_subj: bus.subject(deadLetterSubject(durable)) }).catch(() => null)
    return stored ? stored.json<DeadLetter>() : null
  }

  test("a failing handler is nak'd with back-off, then dead-lettered with its error after maxDeliver", async () => {
    const subject = 'documents.pdf.requested.v1'
    const attempts: number[] = []
    const consumer = await consume({
      bus,
      runInTransaction: db.run,
      schema: SCHEMA,
      durable: 'always-fails',
      subject,
      logger,
      maxDeliver: 3,
      backoffMs: [150, 300],
      handler: async (_env, tx) => {
        attempts.push(Date.now())
        // Written then rolled back with the failure: effects never half-apply.
        await tx.$executeRawUnsafe(`INSERT INTO ${SCHEMA}.effects (event_id, consumer) VALUES ($1, 'always-fails')`, _env.id)
        throw Object.assign(new Error('renderer exploded'), { code: 'RENDER_FAILED' })
      },
    })
    const env = createEnvelope({ type: subject, orgId: 'org', actorId: 'u', data: { documentId: 'd1' } })
    const payload = JSON.stringify(env)
    await bus.js.publish(bus.subject(subject), payload, { msgID: env.id })

    const letter = await waitFor(() => deadLetterOf('always-fails'), { what: 'dead letter' })
    await consumer.stop()

    expect(attempts).toHaveLength(3)
    // The nak delays were honoured (with some slack for timers).
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(130)
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(270)
    expect(letter).toMatchObject({
      consumer: 'always-fails',
      subject: bus.subject(subject),
      deliveryCount: 3,
      eventId: env.id,
      error: { message: 'renderer exploded', code: 'RENDER_FAILED' },
    })
    expect(JSON.parse(letter.payload)).toEqual(env)
    expect(await countRows(db.pool, `SELECT count(*) AS n FROM ${SCHEMA}.effects WHERE consumer = 'always-fails'`)).toBe(0)
    expect(await countRows(db.pool, `SELECT count(*) AS n FROM ${SCHEMA}.processed_events WHERE consumer = 'always-fails'`)).toBe(0)
    // Terminated: no further deliveries.
    const info = await bus.jsm.consumers.info(streamName(bus.prefix, 'documents'), consumerName(bus.prefix, 'always-fails'))
    expect(info.num_ack_pending).toBe(0)
    expect(info.num_redelivered).toBe(0)
    // The totals service-kit exports as messaging_* counters.
    const total = (stat: string) => messagingTotals().find((t) => t.stat === stat && t.key === 'always-fails')?.value ?? 0
    expect([total('failed'), total('redelivered'), total('deadLettered'), total('consumed')]).toEqual([3, 2, 1, 0])
  })

  test('a transient failure is retried and succeeds without a dead letter', async () => {
    const subject = 'documents.pdf.rendered.v1'
    let calls = 0
    const consumer = await consume({
      bus,
      runInTransaction: db.run,
      schema: SCHEMA,
      durable: 'flaky',
      subject,
      logger,
      maxDeliver: 3,
      backoffMs: [20],
      handler: async (env, tx) => {
        if (++calls < 3) throw new Error('database busy')
        await tx.$executeRawUnsafe(`INSERT INTO ${SCHEMA}.effects (event_id, consumer) VALUES ($1, 'flaky')`, env.id)
      },
    })
    const env = createEnvelope({ type: subject, orgId: null, actorId: null, data: {} })
    await bus.js.publish(bus.subject(subject), JSON.stringify(env), { msgID: env.id })
    await waitFor(() => countRows(db.pool, `SELECT count(*) AS n FROM ${SCHEMA}.effects WHERE consumer = 'flaky'`), { what: 'effect' })
    await consumer.stop()
    expect(calls).toBe(3)
    expect(await deadLetterOf('flaky')).toBeNull()
  })

  test('an unparsable message, or data failing its schema, goes straight to dead letter', async () => {
    const subject = 'documents.upload.scanned.v1'
    let calls = 0
    const consumer = await consume({
      bus,
      runInTransaction: db.run,
      schema: SCHEMA,
      durable: 'strict',
      subject,
      logger,
      dataSchema: z.object({ documentId: z.string() }),
      handler: async () => {
        calls++
      },
    })
    await bus.js.publish(bus.subject(subject), 'not json at all')
    const first = await waitFor(() => deadLetterOf('strict'), { what: 'dead letter for garbage' })
    expect(first).toMatchObject({ deliveryCount: 1, eventId: null, payload: 'not json at all' })

    const bad = createEnvelope({ type: subject, orgId: null, actorId: null, data: { documentId: 42 } })
    await bus.js.publish(bus.subject(subject), JSON.stringify(bad))
    await waitFor(async () => (await deadLetterOf('strict'))?.streamSeq !== first.streamSeq, { what: 'dead letter for bad data' })
    const good = createEnvelope({ type: subject, orgId: null, actorId: null, data: { documentId: 'x' } })
    await bus.js.publish(bus.subject(subject), JSON.stringify(good))
    await waitFor(() => calls === 1, { what: 'good event handled' })
    await consumer.stop()
    expect(calls).toBe(1)
  })

  test('a process that dies during the last allowed delivery: the redelivery is dead-lettered, not run again', async () => {
    const subject = 'documents.pdf.archived.v1'
    const opts = { runInTransaction: db.run, schema: SCHEMA, durable: 'dies', subject, logger, maxDeliver: 1, ackWaitMs: 1_000 }
    // Replica A takes the event and hangs; then its process "dies" (connection dropped,
    // transaction rolled back) without ever acking or nak'ing.
    const busA = await testBus(bus.prefix, NATS_URL, 'replica-a')
    let started!: () => void
    const handlerStarted = new Promise<void>((r) => (started = r))
    let die!: (err: Error) => void
    const death = new Promise<never>((_, reject) => (die = reject))
    void death.catch(() => {})
    await consume({
      ...opts,
      bus: busA,
      handler: async () => {
        started()
        return death
      },
    })
    const env = createEnvelope({ type: subject, orgId: null, actorId: null, data: {} })
    await bus.js.publish(bus.subject(subject), JSON.stringify(env), { msgID: env.id })
    await handlerStarted
    await busA.nc.close()
    die(new Error('process killed'))

    let calls = 0
    const replicaB = await consume({ ...opts, bus, handler: async () => void calls++ })
    const letter = await waitFor(() => deadLetterOf('dies'), { what: 'dead letter after ack wait' })
    await replicaB.stop()
    expect(letter).toMatchObject({ eventId: env.id, deliveryCount: 2 })
    expect(letter.error.message).toMatch(/no outcome after 1 deliveries/)
    expect(calls).toBe(0)
  })
})
