import { AckPolicy, type ConsumerMessages, DeliverPolicy, type JsMsg } from '@nats-io/jetstream'
import { nanos } from '@nats-io/transport-node'
import { ZEventEnvelope } from '@plumbline/contracts'
import { consumerName, startRetryLoop, streamName } from '@plumbline/messaging'
import { z } from 'zod'
import { abandonJob } from '../data/jobs-repo.js'
import type { AiDeps } from '../deps.js'
import { runGenerationJob } from '../usecases/run-generation-job.js'
import { JOB_REQUESTED_SUBJECT, JOB_WORKER_DURABLE } from './subjects.js'

const ZJobMessage = ZEventEnvelope.extend({ orgId: z.string(), data: z.object({ jobId: z.string().uuid() }) })
const RETRY_MS = [1000, 5000, 15000]

export type JobWorker = { stop(): Promise<void> }

/**
 * The durable worker for generate-all jobs. Unlike the library's event consumers (one message
 * at a time, inside one transaction), a job runs for seconds to minutes against a provider, so
 * jobs run concurrently (AI_WORKER_CONCURRENCY per process; the shared consumer's max_ack_pending
 * leaves room for AI_WORKER_MAX_REPLICAS processes, so replicas add throughput) and the job row,
 * not processed_events, makes them idempotent (see runGenerationJob). The ack deadline equals
 * the job lease and is pushed forward with it; a killed process stops both, so the message comes
 * back after the lease expired and another (or the restarted) worker takes the job over.
 */
export async function startJobWorker(deps: AiDeps): Promise<JobWorker> {
  const { bus, logger, env } = deps
  const stream = streamName(bus.prefix, 'ai')
  const name = consumerName(bus.prefix, JOB_WORKER_DURABLE)
  const concurrency = env.AI_WORKER_CONCURRENCY
  const config = {
    ack_wait: nanos(env.AI_JOB_LEASE_MS),
    max_deliver: -1,
    filter_subject: bus.subject(JOB_REQUESTED_SUBJECT),
    max_ack_pending: concurrency * env.AI_WORKER_MAX_REPLICAS,
  }
  const existing = await bus.jsm.consumers.info(stream, name).catch(() => null)
  if (existing) await bus.jsm.consumers.update(stream, name, config)
  else await bus.jsm.consumers.add(stream, { ...config, durable_name: name, ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.All })

  const inflight = new Set<Promise<void>>()

  async function handle(msg: JsMsg, stopping: AbortSignal): Promise<void> {
    const parsed = ZJobMessage.safeParse(
      (() => {
        try {
          return JSON.parse(new TextDecoder().decode(msg.data))
        } catch {
          return null
        }
      })(),
    )
    if (!parsed.success) {
      logger.error({ subject: msg.subject, seq: msg.seq }, 'unreadable job message dropped')
      msg.term()
      return
    }
    const ref = { orgId: parsed.data.orgId, jobId: parsed.data.data.jobId }
    const delivery = msg.info.deliveryCount
    if (delivery > env.AI_JOB_MAX_DELIVERIES) {
      await abandonJob(deps.prisma, ref.orgId, ref.jobId, 'The AI job could not be completed. Please try again.')
      logger.error({ ...ref, delivery }, 'AI job abandoned after too many deliveries')
      msg.term()
      return
    }
    try {
      const outcome = await runGenerationJob(deps, ref, { stopping, heartbeat: () => msg.working() })
      if (outcome.kind === 'done') msg.ack()
      else if (outcome.kind === 'busy') msg.nak(outcome.retryInMs)
      else msg.nak()
    } catch (err) {
      const delay = RETRY_MS[Math.min(delivery - 1, RETRY_MS.length - 1)]
      logger.warn({ ...ref, err, delivery, retryInMs: delay }, 'AI job interrupted; will retry')
      msg.nak(delay)
    }
  }

  let messages: ConsumerMessages | undefined
  const loop = startRetryLoop({
    logger,
    name: 'job worker',
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
          .catch((err: unknown) => logger.error({ err }, 'unexpected job worker error'))
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
