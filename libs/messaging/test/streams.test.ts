import { nanos } from '@nats-io/transport-node'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Bus, createEnvelope, ensureStream, ensureStreamExists, streamName } from '../src/index.js'
import { deleteStreams, testBus, testPrefix } from './helpers.js'

describe('streams', { timeout: 30_000 }, () => {
  let bus: Bus

  beforeAll(async () => {
    bus = await testBus(testPrefix())
  })

  afterAll(async () => {
    await deleteStreams(bus).catch(() => {})
    await bus?.close()
  })

  test('ensureStream: prefixed owner stream and DLQ, file storage, 2 minute dedup window, idempotent', async () => {
    const name = await ensureStream(bus, 'estimates')
    expect(name).toBe(`${bus.prefix.toUpperCase()}_ESTIMATES`)
    expect(await ensureStream(bus, 'estimates')).toBe(name)
    const info = await bus.jsm.streams.info(name)
    expect(info.config).toMatchObject({
      subjects: [`${bus.prefix}.estimates.>`],
      storage: 'file',
      retention: 'limits',
      duplicate_window: nanos(120_000),
    })
    const dlq = await bus.jsm.streams.info(streamName(bus.prefix, 'dlq'))
    expect(dlq.config).toMatchObject({ subjects: [`${bus.prefix}.dlq.>`], storage: 'file' })

    // The same msg id inside the window is stored once.
    const env = createEnvelope({ type: 'estimates.estimate.created.v1', orgId: null, actorId: null, data: {} })
    const first = await bus.js.publish(bus.subject(env.type), JSON.stringify(env), { msgID: env.id })
    const again = await bus.js.publish(bus.subject(env.type), JSON.stringify(env), { msgID: env.id })
    expect(first.duplicate).toBe(false)
    expect(again).toMatchObject({ duplicate: true, seq: first.seq })
  })

  test('ensureStream updates a changed config; ensureStreamExists leaves an existing stream alone', async () => {
    const name = await ensureStream(bus, 'meetings', { maxAgeMs: 3_600_000 })
    expect((await bus.jsm.streams.info(name)).config.max_age).toBe(nanos(3_600_000))
    // A consumer service creating it "just in case" must not reset the owner's settings.
    await ensureStreamExists(bus, 'meetings')
    expect((await bus.jsm.streams.info(name)).config.max_age).toBe(nanos(3_600_000))
    // The owner changing its settings does update them.
    await ensureStream(bus, 'meetings')
    expect((await bus.jsm.streams.info(name)).config.max_age).toBe(0)
  })

  test('a max age shorter than the dedup window shrinks the window instead of failing', async () => {
    const name = await ensureStream(bus, 'ai', { maxAgeMs: 30_000 })
    expect((await bus.jsm.streams.info(name)).config).toMatchObject({ max_age: nanos(30_000), duplicate_window: nanos(30_000) })
  })

  test('a size cap and replicas reach the stream; no cap by default', async () => {
    const name = await ensureStream(bus, 'documents', { maxAgeMs: 7_200_000, maxBytes: 64 * 1024 * 1024, replicas: 1 })
    expect((await bus.jsm.streams.info(name)).config).toMatchObject({ max_age: nanos(7_200_000), max_bytes: 64 * 1024 * 1024, num_replicas: 1 })
    await ensureStream(bus, 'documents')
    expect((await bus.jsm.streams.info(name)).config.max_bytes).toBe(-1)
  })

  test('an empty prefix uses the production names', () => {
    expect(streamName('', 'estimates')).toBe('ESTIMATES')
    expect(streamName('t1', 'estimates')).toBe('T1_ESTIMATES')
  })
})
