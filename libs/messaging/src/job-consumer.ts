import { AckPolicy, type ConsumerMessages, DeliverPolicy, type JsMsg } from '@nats-io/jetstream'
import { nanos } from '@nats-io/transport-node'
import { SpanKind, trace } from '@opentelemetry/api'
import { ZEventEnvelope } from '@plumbline/contracts'
import { z } from 'zod'
import type { Bus } from './connect-bus.js'
import type { MessagingLogger } from './logger.js'
import { consumerName, streamName } from './names.js'
import { headersToRecord } from './nats-headers.js'
import { retryingTimeouts, startRetryLoop } from './retry-loop.js'
import { contextFromHeaders } from './trace-context.js'

const ZJobMessage = ZEventEnvelope.extend({ orgId: z.string(), data: z.object({ jobId: z.string().uuid() }) })
const RETRY_MS = [1000, 5000, 15000]

export type JobRef = { orgId: string; jobId: string }

/** done: ack the message. busy: another worker holds the job; look again after retryInMs. released: this worker stopped; redeliver now. */
export type JobOutcome = { kind: 'done' } | { kind: 'busy'; retryInMs: number } | { kind: 'released' }

export type JobRunOptions = {
  /** Aborted when the worker stops: the job is handed back, not failed. */
  stopping: AbortSignal
  /** Called while the job runs, so the message's ack deadline moves with the job's lease. */
  heartbeat: () => void
}

export type JobConsumerOptions = {
  bus: Bus
  logger: MessagingLogger
  /** The owning service's stream (e.g. 'ai'), which captures `subject`. */
  stream: string
  durable: string
  /** The un-prefixed subject of "run this job" messages (envelope data { jobId }). */
  subject: string
  /** Jobs one process runs at once. */
  concurrency: number
  /** Processes sharing the consumer: max_ack_pending leaves room for all of them. */
  maxReplicas: number
  /** The job row's lease; the message's ack deadline equals it. */
  leaseMs: number
  /** Deliveries after which the job is given up (abandon) and the message terminated. */
  maxDeliveries: number
  run(ref: JobRef, options: JobRunOptions): Promise<JobOutcome>
  abandon(ref: JobRef): Promise<void>
  /** Told how each delivery ended (its outcome, or 'error') and how long it ran, for metrics. */
  observe?(outcome: JobOutcome['kind'] | 'error', seconds: number): void
}

export type JobConsumer = { stop(): Promise<void> }

function parseJobMessage(msg: JsMsg) {
  try {
    return ZJobMessage.safeParse(JSON.parse(new TextDecoder().decode(msg.data)))
  } catch {
    return null
  }
}

/**
 * The durable consumer for long-running jobs (AI generation, transcription). Unlike the event
 * consumers (one message at a time, inside one transaction), a job runs for seconds to minutes,
 * so jobs run concurrently and the job row, not processed_events, makes them idempotent: `run`
 * claims the row under a lease. The ack deadline equals the lease and moves with the heartbeat;
 * a killed process stops both, so the message comes back after the lease expired and another
 * (or the restarted) worker takes the job over.
 */
export async function startJobConsumer(opts: JobConsumerOptions): Promise<JobConsumer> {
  const { bus, logger, concurrency } = opts
  const stream = streamName(bus.prefix, opts.stream)
  const name = consumerName(bus.prefix, opts.durable)
  const config = {
    ack_wait: nanos(opts.leaseMs),
    max_deliver: -1,
    filter_subject: bus.subject(opts.subject),
    max_ack_pending: concurrency * opts.maxReplicas,
  }
  const existing = await retryingTimeouts(() => bus.jsm.consumers.info(stream, name)).catch(() => null)
  if (existing) await retryingTimeouts(() => bus.jsm.consumers.update(stream, name, config))
  else
    await retryingTimeouts(() =>
      bus.jsm.consumers.add(stream, { ...config, durable_name: name, ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.All }),
    )

  const inflight = new Set<Promise<void>>()
  const tracer = trace.getTracer('@plumbline/messaging')

  async function handle(msg: JsMsg, stopping: AbortSignal): Promise<void> {
    const parsed = parseJobMessage(msg)
    if (!parsed?.success) {
      logger.error({ subject: msg.subject, seq: msg.seq, durable: opts.durable }, 'unreadable job message dropped')
      msg.term()
      return
    }
    const ref = { orgId: parsed.data.orgId, jobId: parsed.data.data.jobId }
    // The job continues the trace of the request that enqueued it (the outbox carried its
    // traceparent), so its logs, its spans and a reported failure share that request's trace id.
    const parent = contextFromHeaders(headersToRecord(msg.headers))
    const spanOptions = {
      kind: SpanKind.CONSUMER,
      attributes: { 'messaging.system': 'nats', 'messaging.destination.name': msg.subject, 'messaging.consumer.group.name': opts.durable, 'job.id': ref.jobId },
    }
    await tracer.startActiveSpan(`job ${opts.durable}`, spanOptions, parent, async (span) => {
      try {
        await handleJob(msg, ref, stopping)
      } finally {
        span.end()
      }
    })
  }

  async function handleJob(msg: JsMsg, ref: JobRef, stopping: AbortSignal): Promise<void> {
    const delivery = msg.info.deliveryCount
    if (delivery > opts.maxDeliveries) {
      await opts.abandon(ref)
      logger.error({ ...ref, delivery, durable: opts.durable }, 'job abandoned after too many deliveries')
      msg.term()
      return
    }
    const started = performance.now()
    const observe = (outcome: JobOutcome['kind'] | 'error') => opts.observe?.(outcome, (performance.now() - started) / 1000)
    try {
      const outcome = await opts.run(ref, { stopping, heartbeat: () => msg.working() })
      observe(outcome.kind)
      if (outcome.kind === 'done') msg.ack()
      else if (outcome.kind === 'busy') msg.nak(outcome.retryInMs)
      else msg.nak()
    } catch (err) {
      observe('error')
      const delay = RETRY_MS[Math.min(delivery - 1, RETRY_MS.length - 1)]
      logger.warn({ ...ref, err, delivery, retryInMs: delay, durable: opts.durable }, 'job interrupted; will retry')
      msg.nak(delay)
    }
  }

  let messages: ConsumerMessages | undefined
  const loop = startRetryLoop({
    logger,
    name: opts.durable,
    backoff: { baseMs: 500, maxMs: 5000 },
    canRun: () => !bus.nc.isClosed(),
    interrupt: async () => {
      await messages?.close()
    },
    round: async (state) => {
      const consumer = await bus.js.consumers.get(stream, name)
      messages = await consumer.consume({ max_messages: concurrency })
      if (state.stopping) await messages.close()
      for await (const msg of messages) {
        state.progressed()
        if (state.stopping) {
          msg.nak()
          continue
        }
        while (inflight.size >= concurrency) await Promise.race(inflight)
        const run: Promise<void> = handle(msg, state.signal)
          .catch((err: unknown) => logger.error({ err, durable: opts.durable }, 'unexpected job worker error'))
          .finally(() => inflight.delete(run))
        inflight.add(run)
      }
      return 250
    },
  })

  return {
    async stop() {
      await loop.stop()
      await Promise.allSettled([...inflight])
      if (!bus.nc.isClosed()) await bus.nc.flush().catch(() => {})
    },
  }
}

export type LeaseHold = {
  /** Aborted when the worker stops or the job is no longer this worker's: the job's work stops with it. */
  signal: AbortSignal
  /** True once the job was lost (cancelled, deleted or taken over), not merely stopped. */
  readonly lost: boolean
  /** Call when a write guarded by the lease found the job no longer held. */
  markLost(): void
  release(): void
}

/**
 * Keeps a claimed job's lease alive while its `run` works: every third of the lease it renews the
 * row (via `renew`) and moves the message's ack deadline (`heartbeat`); a renewal that finds the
 * job gone or taken over aborts `signal`, so a job runner stops paying for work nobody will keep.
 */
export function holdLease(opts: {
  leaseMs: number
  renew: () => Promise<boolean>
  heartbeat: () => void
  stopping: AbortSignal
  logger: MessagingLogger
  jobId: string
}): LeaseHold {
  const lost = new AbortController()
  const timer = setInterval(
    () => {
      opts.heartbeat()
      opts
        .renew()
        .then((held) => held || lost.abort('lease-lost'))
        .catch((err: unknown) => opts.logger.warn({ err: (err as Error).message, jobId: opts.jobId }, 'lease renewal failed'))
    },
    Math.max(200, Math.floor(opts.leaseMs / 3)),
  )
  return {
    signal: AbortSignal.any([lost.signal, opts.stopping]),
    get lost() {
      return lost.signal.aborted
    },
    markLost: () => lost.abort('lease-lost'),
    release: () => clearInterval(timer),
  }
}
