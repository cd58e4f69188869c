import { context, isSpanContextValid, type SpanContext, TraceFlags, trace } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { type Bus, consume, createEnvelope, ensureStream, reply, request, startOutboxRelay, writeOutbox } from '../src/index.js'
import { createTestDb, deleteStreams, logger, SCHEMA, type TestDb, testBus, testPrefix, waitFor } from './helpers.js'

// No OpenTelemetry SDK here on purpose: the package must carry traceparent by itself. A context
// manager is still needed for context.with() to mean anything.
const contextManager = new AsyncLocalStorageContextManager()

const producerSpan: SpanContext = {
  traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
  spanId: '00f067aa0ba902b7',
  traceFlags: TraceFlags.SAMPLED,
}
const inProducerSpan = <T>(fn: () => Promise<T>) => context.with(trace.setSpanContext(context.active(), producerSpan), fn)

describe('trace context', { timeout: 60_000 }, () => {
  let db: TestDb
  let bus: Bus

  beforeAll(async () => {
    context.setGlobalContextManager(contextManager.enable())
    db = await createTestDb()
    bus = await testBus(testPrefix())
    await ensureStream(bus, 'ai')
  }, 60_000)

  afterAll(async () => {
    await deleteStreams(bus).catch(() => {})
    await bus?.close()
    await db?.drop()
    context.disable()
  }, 60_000)

  test('traceparent travels from writeOutbox through the relay to the consumer handler', async () => {
    const subject = 'ai.suggestion.generated.v1'
    const env = createEnvelope({ type: subject, orgId: 'org', actorId: 'u', data: {} })
    await inProducerSpan(() => db.run((tx) => writeOutbox(tx, SCHEMA, env)))

    const { rows } = await db.pool.query(`SELECT headers FROM ${SCHEMA}.outbox_events WHERE id = $1`, [env.id])
    expect(rows[0].headers).toEqual({ traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' })

    let seen: SpanContext | undefined
    const consumer = await consume({
      bus,
      runInTransaction: db.run,
      schema: SCHEMA,
      durable: 'tracing',
      subject,
      logger,
      handler: async () => {
        seen = trace.getSpanContext(context.active())
      },
    })
    // The relay runs outside any request span: the context comes from the row, not from it.
    const relay = startOutboxRelay({ runInTransaction: db.run, schema: SCHEMA, bus, logger, idleMs: 20 })
    await waitFor(() => seen, { what: 'handler call' })
    await relay.stop()
    await consumer.stop()

    expect(seen).toMatchObject({ traceId: producerSpan.traceId, spanId: producerSpan.spanId, isRemote: true })
    expect(seen!.traceFlags & TraceFlags.SAMPLED).toBe(TraceFlags.SAMPLED)
  })

  test('traceparent travels from request to the reply handler', async () => {
    let seen: SpanContext | undefined
    const replier = reply(bus, 'rpc.ai.trace', async () => {
      seen = trace.getSpanContext(context.active())
      return 'ok'
    })
    await bus.nc.flush()
    await inProducerSpan(() => request(bus, 'rpc.ai.trace', {}, { schema: z.unknown() }))
    await replier.stop()
    expect(seen).toMatchObject({ traceId: producerSpan.traceId, spanId: producerSpan.spanId })
  })

  test('no active span: no traceparent, and the handler runs in a fresh context', async () => {
    const subject = 'ai.suggestion.discarded.v1'
    const env = createEnvelope({ type: subject, orgId: null, actorId: null, data: {} })
    await db.run((tx) => writeOutbox(tx, SCHEMA, env))
    const { rows } = await db.pool.query(`SELECT headers FROM ${SCHEMA}.outbox_events WHERE id = $1`, [env.id])
    expect(rows[0].headers).toEqual({})
    let called = false
    let seen: SpanContext | undefined
    const consumer = await consume({
      bus,
      runInTransaction: db.run,
      schema: SCHEMA,
      durable: 'no-trace',
      subject,
      logger,
      handler: async () => {
        called = true
        seen = trace.getSpanContext(context.active())
      },
    })
    const relay = startOutboxRelay({ runInTransaction: db.run, schema: SCHEMA, bus, logger, poll: false })
    await relay.drainOnce()
    await waitFor(() => called, { what: 'handler call' })
    await consumer.stop()
    // Without an SDK the no-op tracer yields the invalid (all-zero) span: no parent was invented.
    expect(seen === undefined || !isSpanContextValid(seen)).toBe(true)
  })
})
