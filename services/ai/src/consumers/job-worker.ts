import { type JobConsumer, startJobConsumer } from '@plumbline/messaging'
import { jobDurations } from '@plumbline/service-kit'
import { abandonJob } from '../data/jobs-repo.js'
import type { AiDeps } from '../deps.js'
import { AI_SCHEMA, JOB_REQUESTED_SUBJECT, JOB_WORKER_DURABLE } from '../events/subjects.js'
import { runGenerationJob } from '../usecases/run-generation-job.js'

export type JobWorker = JobConsumer

/**
 * The durable worker for generate-all jobs (libs/messaging job-consumer): AI_WORKER_CONCURRENCY
 * jobs per process, room in the shared consumer for AI_WORKER_MAX_REPLICAS processes.
 */
export function startJobWorker(deps: AiDeps): Promise<JobWorker> {
  const { env } = deps
  return startJobConsumer({
    bus: deps.bus,
    logger: deps.logger,
    stream: AI_SCHEMA,
    durable: JOB_WORKER_DURABLE,
    subject: JOB_REQUESTED_SUBJECT,
    concurrency: env.AI_WORKER_CONCURRENCY,
    maxReplicas: env.AI_WORKER_MAX_REPLICAS,
    leaseMs: env.AI_JOB_LEASE_MS,
    maxDeliveries: env.AI_JOB_MAX_DELIVERIES,
    run: (ref, options) => runGenerationJob(deps, ref, options),
    observe: (outcome, seconds) => jobDurations.observe({ job: JOB_WORKER_DURABLE, outcome }, seconds),
    abandon: async (ref) => {
      await abandonJob(deps.prisma, ref.orgId, ref.jobId, 'The AI job could not be completed. Please try again.')
    },
  })
}
