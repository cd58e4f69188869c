import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Bus, consume, createEnvelope, ensureStream, startOutboxRelay, writeOutbox } from '../src/index.js'
import { countRows, createTestDb, logger, type OwnNats, ownNatsServer, SCHEMA, type TestDb, testBus, testPrefix, waitFor } from './helpers.js'

const SUBJECT = 'meetings.task.created.v1'

describe('NATS outage', { timeout: 120_000 }, () => {
  let db: TestDb
  let nats: OwnNats
  let bus: Bus

  beforeAll(async () => {
    db = await createTestDb()
    // Its own server: this test kills it, and must never touch the shared one.
    nats = await ownNatsServer()
    bus = await testBus(testPrefix(), nats.url)
    await ensureStream(bus, 'meetings')
  }, 60_000)

  afterAll(async () => {
    await bus?.close()
    await nats?.cleanup()
    await db?.drop()
  }, 60_000)

  test('events written while nats-server is killed and restarted all arrive, exactly once', async () => {
    const seen = new Map<string, number>()
    const consumer = await consume({
      bus,
      runInTransaction: db.run,
      schema: SCHEMA,
      durable: 'outage',
      subject: SUBJECT,
      logger,
      ackWaitMs: 2_000,
      handler: async (env, tx) => {
        seen.set(env.id, (seen.get(env.id) ?? 0) + 1)
        await tx.$executeRawUnsafe(`INSERT INTO ${SCHEMA}.effects (event_id, consumer) VALUES ($1, 'outage')`, env.id)
      },
    })
    let relayFailures = 0
    const relayLogger = {
      ...logger,
      debug: logger.debug.bind(logger),
      info: logger.info.bind(logger),
      error: logger.error.bind(logger),
      warn: ((...args: Parameters<typeof logger.warn>) => {
        relayFailures++
        logger.warn(...args)
      }) as typeof logger.warn,
    }
    const relay = startOutboxRelay({
      runInTransaction: db.run,
      schema: SCHEMA,
      bus,
      logger: relayLogger,
      idleMs: 20,
      maxBackoffMs: 500,
      publishTimeoutMs: 1_000,
    })

    // A steady writer, as request handlers would be, for the whole test.
    const written: string[] = []
    let writing = true
    const writer = (async () => {
      while (writing) {
        const env = createEnvelope({ type: SUBJECT, orgId: 'org', actorId: null, data: { n: written.length } })
        await db.run(async (tx) => {
          await writeOutbox(tx, SCHEMA, env)
        })
        written.push(env.id)
        await new Promise((r) => setTimeout(r, 10))
      }
    })()
    const consumed = () => countRows(db.pool, `SELECT count(DISTINCT event_id) AS n FROM ${SCHEMA}.effects`)

    // Normal operation first.
    await waitFor(async () => (await consumed()) >= 20, { what: 'events flowing before the outage' })

    // SIGKILL: no graceful shutdown, in-flight publishes and acks are lost mid-air.
    await nats.kill('SIGKILL')
    const writtenAtKill = written.length
    const killedAt = Date.now()
    // Down for a few seconds: longer than the publish timeout, so the relay sees failures.
    await waitFor(() => Date.now() - killedAt >= 3_000 && written.length >= writtenAtKill + 50, { what: 'writes during the outage' })
    const stuck = await countRows(db.pool, `SELECT count(*) AS n FROM ${SCHEMA}.outbox_events WHERE published_at IS NULL`)
    expect(stuck).toBeGreaterThan(0)
    expect(relayFailures).toBeGreaterThan(0)

    // Same port and store directory: the stream and the durable consumer come back from disk.
    await nats.start()
    await waitFor(() => written.length >= writtenAtKill + 100, { what: 'writes after the restart' })
    writing = false
    await writer

    await waitFor(async () => (await consumed()) === written.length, { timeoutMs: 60_000, what: `all ${written.length} events consumed` })
    await waitFor(async () => (await countRows(db.pool, `SELECT count(*) AS n FROM ${SCHEMA}.outbox_events WHERE published_at IS NULL`)) === 0, {
      what: 'outbox drained',
    })
    await relay.stop()
    await consumer.stop()

    expect(await countRows(db.pool, `SELECT count(*) AS n FROM ${SCHEMA}.effects`)).toBe(written.length)
    expect(new Set(seen.keys())).toEqual(new Set(written))
    expect([...seen.values()].every((n) => n === 1)).toBe(true)
  })
})
