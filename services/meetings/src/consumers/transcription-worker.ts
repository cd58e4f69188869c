import { type JobConsumer, startJobConsumer } from '@plumbline/messaging'
import { jobDurations } from '@plumbline/service-kit'
import type { MeetingsDeps } from '../deps.js'
import { MEETINGS_SCHEMA, TRANSCRIPTION_REQUESTED_SUBJECT, TRANSCRIPTION_WORKER_DURABLE } from '../events/subjects.js'
import { abandonTranscription, runTranscriptionJob } from '../usecases/run-transcription-job.js'

/**
 * The durable transcription worker (libs/messaging job-consumer, as the ai service's):
 * TRANSCRIPTION_WORKER_CONCURRENCY jobs per process, room for TRANSCRIPTION_WORKER_MAX_REPLICAS.
 */
export function startTranscriptionWorker(deps: MeetingsDeps): Promise<JobConsumer> {
  const { env } = deps
  return startJobConsumer({
    bus: deps.bus,
    logger: deps.logger,
    stream: MEETINGS_SCHEMA,
    durable: TRANSCRIPTION_WORKER_DURABLE,
    subject: TRANSCRIPTION_REQUESTED_SUBJECT,
    concurrency: env.TRANSCRIPTION_WORKER_CONCURRENCY,
    maxReplicas: env.TRANSCRIPTION_WORKER_MAX_REPLICAS,
    leaseMs: env.TRANSCRIPTION_LEASE_MS,
    maxDeliveries: env.TRANSCRIPTION_MAX_DELIVERIES,
    run: (ref, options) => runTranscriptionJob(deps, ref, options),
    observe: (outcome, seconds) => jobDurations.observe({ job: TRANSCRIPTION_WORKER_DURABLE, outcome }, seconds),
    abandon: (ref) => abandonTranscription(deps, ref),
  })
}
