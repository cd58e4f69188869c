import { AckPolicy, type ConsumerMessages, DeliverPolicy, type JsMsg } from '@nats-io/jetstream'
import { nanos } from '@nats-io/transport-node'
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'
import { type EventEnvelope, ZEventEnvelope } from '@plumbline/contracts'
import type { ZodType } from 'zod'
import type { Bus } from './connect-bus.js'
import { publishDeadLetter } from './dead-letter.js'
import { ensureStreamExists } from './ensure-stream.js'
import type { MessagingLogger } from './logger.js'
import { consumerName, ownerOf, streamName } from './names.js'
import { headersToRecord } from './nats-headers.js'
import { reportError } from './report-error.js'
import { retryingTimeouts, startRetryLoop } from './retry-loop.js'
import { qualifiedTable } from './sql-names.js'
import type { SqlTx, TransactionRunner } from './sql-tx.js'
import { countMessaging } from './stats.js'
import { contextFromHeaders, traceIdOfTraceparent } from './trace-context.js'

/**
 * Work a handler leaves for after its transaction commits, such as a core NATS notice that others
 * act on by reading what the transaction wrote (sent sooner, they could read the old state). It
 * runs before the ack, so whoever waits for the event to be handled finds it done too; never for
 * a rolled-back or duplicate delivery. A failure is logged and the event still counts as handled.
 */
export type AfterCommit = (work: () => Promise<void>) => void

export type EventHandler<T = unknown> = (envelope: EventEnvelope<T>, tx: SqlTx, afterCommit: AfterCommit) => Promise<unknown>

export type ConsumeEventsOptions<T = unknown> = {
  bus: Bus
  runInTransaction: TransactionRunner
  /** Schema holding this service's processed_events table. */
  schema: string
  /** Durable consumer name, saying who consumes what: `admin-on-estimate-created-v1`. */
  durable: string
  /** Logical subject (no prefix) to filter on; wildcards allowed within one owner. */
  subject: string
  handler: EventHandler<T>
  /** Validates `envelope.data`; a message that fails goes straight to dead letter. */
  dataSchema?: ZodType<T>
  /** Deliveries before a failing event is dead-lettered. */
  maxDeliver?: number
  /** Redelivery delay after the 1st, 2nd… failure; the last value repeats. */
  backoffMs?: number[]
  logger: MessagingLogger
  /** Unacked messages are redelivered after this (a crashed or stuck handler). */
  ackWaitMs?: number
  /** Messages pulled ahead of processing. Small, since they all wait under one ack timer. */
  prefetch?: number
  /** Stream to bind to; default is the subject owner's stream. */
  stream?: string
}

export type EventConsumer = { stop(): Promise<void> }

/**
 * An idempotent durable JetStream consumer (DESIGN §4).
 *
 * Each message runs in ONE database transaction that first records (consumer, event id) in
 * processed_events: a conflict means an earlier delivery already committed its effects (the ack
 * was lost, or the event was published twice), so the handler is skipped. The ack is sent only
 * after COMMIT; a crash in between just causes a redelivery that is recognised as a duplicate.
 *
 * Failures are nak'd with a growing delay. On the maxDeliver-th failed delivery the original
 * payload and the error go to `dlq.<durable>` (stream DLQ), an error is logged, and the message
 * is terminated. The server-side max_deliver is unlimited on purpose: if the server enforced
 * the bound, a message whose last delivery died with the process would be dropped silently.
 * Instead a delivery beyond maxDeliver (the process died during the last attempt, or the DLQ
 * publish failed) is dead-lettered without running the handler again.
 *
 * Messages are handled one at a time, in stream order.
 */
export async function consume<T = unknown>(opts: ConsumeEventsOptions<T>): Promise<EventConsumer> {
  const { bus, runInTransaction, durable, subject, handler, logger } = opts
  const maxDeliver = Math.max(1, opts.maxDeliver ?? 5)
  const backoffMs = opts.backoffMs?.length ? opts.backoffMs : [1000, 5000, 15000]
  const ackWaitMs = opts.ackWaitMs ?? 30_000
  const prefetch = opts.prefetch ?? 10
  const processed = qualifiedTable(opts.schema, 'processed_events')
  const stream = opts.stream ?? streamName(bus.prefix, ownerOf(subject))
  const name = consumerName(bus.prefix, durable)
  const tracer = trace.getTracer('@plumbline/messaging')
  const log = { consumer: durable, subject }

  async function ensureConsumer(): Promise<void> {
    // Consumers start in any order relative to the owning service: make sure its stream exists.
    if (opts.stream === undefined) await ensureStreamExists(bus, ownerOf(subject))
    const config = {
      ack_wait: nanos(ackWaitMs),
      max_deliver: -1,
      filter_subject: bus.subject(subject),
      max_ack_pending: 1000,
    }
    const existing = await retryingTimeouts(() => bus.jsm.consumers.info(stream, name)).catch(() => null)
    if (existing) {
      await retryingTimeouts(() => bus.jsm.consumers.update(stream, name, config))
    } else {
      // Two replicas racing here both succeed: creating an identical durable is idempotent.
      await retryingTimeouts(() =>
        bus.jsm.consumers.add(stream, {
          ...config,
          durable_name: name,
          ack_policy: AckPolicy.Explicit,
          deliver_policy: DeliverPolicy.All,
        }),
      )
    }
  }

  function backoffFor(deliveryCount: number): number {
    return backoffMs[Math.min(deliveryCount - 1, backoffMs.length - 1)] ?? 0
  }

  function parse(msg: JsMsg): EventEnvelope<T> {
    const envelope = ZEventEnvelope.parse(JSON.parse(new TextDecoder().decode(msg.data)))
    const data = opts.dataSchema ? opts.dataSchema.parse(envelope.data) : (envelope.data as T)
    return { ...envelope, data }
  }

  async function deadLetter(msg: JsMsg, error: unknown, eventId: string | null, reason: string): Promise<void> {
    try {
      const letter = await publishDeadLetter(bus, durable, msg, error, eventId)
      const { payload: _payload, ...report } = letter
      logger.error({ ...log, err: error, deadLetter: report }, `event dead-lettered: ${reason}`)
      countMessaging('deadLettered', durable)
      reportError(bus, {
        service: durable.split('-')[0] ?? durable,
        category: 'job',
        message: `${reason}: ${error instanceof Error ? error.message : String(error)}`,
        endpoint: durable,
        correlationId: traceIdOfTraceparent(headersToRecord(msg.headers).traceparent) ?? eventId ?? durable,
      })
      msg.term()
    } catch (dlqErr) {
      // Keep the message rather than drop it: it comes back and we try the DLQ again.
      logger.error({ ...log, err: dlqErr, cause: error }, 'dead-letter publish failed; will retry')
      msg.nak(backoffMs[backoffMs.length - 1])
    }
  }

  /** The transaction has committed: a redelivery would be skipped as a duplicate, so a failure here is only logged. */
  async function runAfterCommit(works: Array<() => Promise<void>>, eventId: string): Promise<void> {
    for (const work of works) {
      try {
        await work()
      } catch (err) {
        logger.warn({ ...log, err, eventId }, 'work after the commit failed')
      }
    }
  }

  async function handle(msg: JsMsg): Promise<void> {
    const deliveryCount = msg.info.deliveryCount
    if (deliveryCount > 1) countMessaging('redelivered', durable)
    let envelope: EventEnvelope<T>
    try {
      envelope = parse(msg)
    } catch (err) {
      // Retrying cannot fix a malformed message.
      await deadLetter(msg, err, null, 'unparsable message')
      return
    }
    const parent = contextFromHeaders(headersToRecord(msg.headers))
    const spanOptions = {
      kind: SpanKind.CONSUMER,
      attributes: {
        'messaging.system': 'nats',
        'messaging.destination.name': msg.subject,
        'messaging.consumer.group.name': durable,
        'messaging.message.id': envelope.id,
        'messaging.nats.delivery_count': deliveryCount,
      },
    }
    let committed: Array<() => Promise<void>> = []
    try {
      const outcome = await tracer.startActiveSpan(`process ${subject}`, spanOptions, parent, async (span) => {
        try {
          return await runInTransaction(async (tx) => {
            // Only the attempt that commits leaves work behind (a runner may retry the callback).
            committed = []
            const inserted = await tx.$executeRawUnsafe(
              `INSERT INTO ${processed} (consumer, event_id) VALUES ($1, $2::uuid) ON CONFLICT DO NOTHING`,
              durable,
              envelope.id,
            )
            if (inserted === 0) return 'duplicate' as const
            if (deliveryCount > maxDeliver) {
              // Throwing rolls back the de-dup row; the catch below dead-letters the event.
              throw new Error(`no outcome after ${maxDeliver} deliveries (delivery ${deliveryCount})`)
            }
            await handler(envelope, tx, (work) => {
              committed.push(work)
            })
            return 'processed' as const
          })
        } catch (err) {
          span.recordException(err as Error)
          span.setStatus({ code: SpanStatusCode.ERROR })
          throw err
        } finally {
          span.end()
        }
      })
      await runAfterCommit(committed, envelope.id)
      msg.ack()
      countMessaging('consumed', durable)
      if (outcome === 'duplicate') logger.debug({ ...log, eventId: envelope.id }, 'duplicate event skipped')
    } catch (err) {
      countMessaging('failed', durable)
      if (deliveryCount >= maxDeliver) {
        await deadLetter(msg, err, envelope.id, `failed ${deliveryCount} deliveries`)
      } else {
        const delay = backoffFor(deliveryCount)
        logger.warn({ ...log, err, eventId: envelope.id, deliveryCount, retryInMs: delay }, 'event handler failed; will retry')
        msg.nak(delay)
      }
    }
  }

  await ensureConsumer()

  let messages: ConsumerMessages | undefined
  let firstRound = true
  // nats.js resumes pulling by itself across reconnects; the loop only covers the iterator
  // ending or failing (consumer deleted, permissions), recreating what is missing.
  const loop = startRetryLoop({
    logger,
    name: `consumer ${durable}`,
    logFields: log,
    backoff: { baseMs: 500, maxMs: 5_000 },
    canRun: () => !bus.nc.isClosed(),
    interrupt: async () => {
      await messages?.close()
    },
    round: async (state) => {
      if (!firstRound) await ensureConsumer().catch((err) => logger.warn({ ...log, err }, 'could not ensure consumer'))
      firstRound = false
      const consumer = await bus.js.consumers.get(stream, name)
      messages = await consumer.consume({ max_messages: prefetch })
      if (state.stopping) await messages.close()
      for await (const msg of messages) {
        state.progressed()
        if (state.stopping) {
          // Hand prefetched messages back at once instead of after ack_wait.
          msg.nak()
          continue
        }
        try {
          await handle(msg)
        } catch (err) {
          logger.error({ ...log, err }, 'unexpected consumer error')
          msg.nak(backoffFor(msg.info.deliveryCount))
        }
      }
      return 250
    },
  })

  return {
    async stop() {
      await loop.stop()
      // Acks are fire-and-forget publishes: push them out before the caller closes the bus.
      if (!bus.nc.isClosed()) await bus.nc.flush().catch(() => {})
    },
  }
}
