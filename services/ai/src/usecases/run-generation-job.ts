import { CONTENT_SECTION_TYPES, type ContentBlocks } from '@plumbline/contracts'
import { holdLease, type JobOutcome, type JobRunOptions } from '@plumbline/messaging'
import { inTransaction, reportJobFailure } from '@plumbline/service-kit'
import { claimJob, findJob, finishJob, leaseRemainingMs, releaseLease, renewLease, setProgress, TERMINAL } from '../data/jobs-repo.js'
import type { AiDeps } from '../deps.js'
import { ZJobInput } from '../domain/job-input.js'
import { recordGenerationCompleted } from '../events/record-events.js'
import { JOB_WORKER_DURABLE } from '../events/subjects.js'
import { SECTION_TITLES } from '../providers/builtin/compose-sections.js'
import { ProviderError, userMessageFor } from '../providers/provider-error.js'
import { withRetries } from '../providers/with-retries.js'
import { fromInput } from './load-writer-input.js'

/**
 * Runs one generate-all job for a delivery of its message. Idempotent: the job row decides.
 * Only the worker holding the running job's lease may record its outcome, and only once
 * (finishJob requires status running), so a duplicated or redelivered message yields one result
 * and one ai.generation.completed.v1 event. A worker that died mid-run leaves its lease to
 * expire; the redelivered message then takes the job over and writes it from the start.
 */
export async function runGenerationJob(deps: AiDeps, ref: { orgId: string; jobId: string }, opts: JobRunOptions): Promise<JobOutcome> {
  const { prisma, workerId: owner, env } = deps
  const leaseMs = env.AI_JOB_LEASE_MS
  const job = await claimJob(prisma, ref.orgId, ref.jobId, owner, leaseMs)
  if (!job) {
    const current = await findJob(prisma, ref.orgId, ref.jobId)
    if (!current || TERMINAL.has(current.status)) return { kind: 'done' }
    return { kind: 'busy', retryInMs: (await leaseRemainingMs(prisma, ref.jobId)) + 250 }
  }

  const lease = holdLease({
    leaseMs,
    renew: () => renewLease(prisma, job.id, owner, leaseMs),
    heartbeat: opts.heartbeat,
    stopping: opts.stopping,
    logger: deps.logger,
    jobId: job.id,
  })
  const { signal } = lease

  try {
    const input = ZJobInput.safeParse(job.input)
    if (!input.success) {
      reportJobFailure(deps.bus, 'ai', { job: `${JOB_WORKER_DURABLE} generate_all`, message: 'stored job input is unreadable', jobId: job.id })
      await finishJob(prisma, job.id, owner, {
        status: 'failed',
        error: 'The estimate data stored with this job could not be read. Please start the generation again.',
      })
      return { kind: 'done' }
    }
    const { facts, prompt } = fromInput(input.data)
    const blocks: ContentBlocks = {}
    for (const [i, type] of CONTENT_SECTION_TYPES.entries()) {
      signal.throwIfAborted()
      // The progress update only lands while this worker holds the running job: nothing updated
      // means it was cancelled (or taken over), so stop before paying for another section.
      const progress = await setProgress(prisma, job.id, owner, `Writing ${SECTION_TITLES[type]} (${i + 1} of ${CONTENT_SECTION_TYPES.length})`)
      if (progress.count === 0) lease.markLost()
      signal.throwIfAborted()
      blocks[type] = await withRetries(
        () => deps.provider.writeSection({ type, facts, prompt }, { signal }),
        {
          maxAttempts: env.AI_MAX_ATTEMPTS,
          baseMs: env.AI_RETRY_BASE_MS,
          onRetry: (attempt, err, delayMs) =>
            deps.logger.warn({ jobId: job.id, type, attempt, err: err.message, delayMs }, 'AI provider call failed; retrying'),
        },
        signal,
      )
    }
    signal.throwIfAborted()
    const writer = deps.provider.info.writer
    await inTransaction(deps, async (tx) => {
      const recorded = await finishJob(tx, job.id, owner, {
        status: 'completed',
        blocks,
        writer,
        message: `Generated ${CONTENT_SECTION_TYPES.length} sections with the ${deps.provider.info.label}`,
      })
      if (recorded)
        await recordGenerationCompleted(tx, job.organizationId, job.createdBy, {
          kind: 'generate_all',
          estimateId: job.estimateId,
          jobId: job.id,
          writer,
          contentBlocks: blocks,
          requestedAt: job.createdAt.toISOString(),
        })
    })
    return { kind: 'done' }
  } catch (err) {
    if (opts.stopping.aborted) {
      await releaseLease(prisma, job.id, owner).catch(() => {})
      return { kind: 'released' }
    }
    // Cancelled, or taken over after this worker stalled past its lease: the row is someone else's now.
    if (lease.lost) return { kind: 'done' }
    if (err instanceof ProviderError) {
      deps.logger.warn({ jobId: job.id, err: err.message, status: err.status }, 'AI job failed: provider')
      reportJobFailure(deps.bus, 'ai', { job: `${JOB_WORKER_DURABLE} generate_all`, message: err.message, jobId: job.id })
      await finishJob(prisma, job.id, owner, { status: 'failed', error: userMessageFor(err) })
      return { kind: 'done' }
    }
    // Anything else (database, bus) is transient: hand the job back and let the message retry.
    await releaseLease(prisma, job.id, owner).catch(() => {})
    throw err
  } finally {
    lease.release()
  }
}
