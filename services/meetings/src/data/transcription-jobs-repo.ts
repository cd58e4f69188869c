import type { Prisma } from '../generated/prisma/client.js'
import type { Db } from './db.js'

// The worker's claim/renew/finish calls follow a message the service itself enqueued; the
// claim checks the organisation, the rest are keyed by job id and lease owner.

export type TranscriptionJobRow = Prisma.TranscriptionJobGetPayload<object>
export type JobStage = 'transcribe' | 'summarize'
export const ACTIVE_JOB_STATUSES = ['queued', 'running']

export const createTranscriptionJob = (db: Db, job: { orgId: string; meetingId: string; stage: JobStage }) =>
  db.transcriptionJob.create({ data: { organizationId: job.orgId, meetingId: job.meetingId, stage: job.stage } })

/** Ends the meeting's queued or running jobs (a new upload or an import replaces them). */
export const cancelMeetingJobs = (db: Db, meetingId: string) =>
  db.transcriptionJob.updateMany({
    where: { meetingId, status: { in: ACTIVE_JOB_STATUSES } },
    data: { status: 'cancelled', leaseOwner: null, leaseExpiresAt: null, finishedAt: new Date() },
  })

/** Whether the meeting has a queued or running job. */
export async function hasActiveJob(db: Db, meetingId: string): Promise<boolean> {
  return (await db.transcriptionJob.count({ where: { meetingId, status: { in: ACTIVE_JOB_STATUSES } } })) > 0
}

/** Whether this worker still holds the running job. */
export async function holdsJob(db: Db, id: string, owner: string): Promise<boolean> {
  return (await db.transcriptionJob.count({ where: { id, status: 'running', leaseOwner: owner } })) > 0
}

/**
 * Takes a job for this worker: a queued job, or a running one whose lease expired (its worker
 * died). Database time decides expiry, so replicas with skewed clocks agree. null: someone else
 * holds it, or it is finished, cancelled or gone with its meeting.
 */
export async function claimTranscriptionJob(db: Db, orgId: string, id: string, owner: string, leaseMs: number): Promise<TranscriptionJobRow | null> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    UPDATE transcription_jobs SET status = 'running', attempts = attempts + 1, lease_owner = ${owner},
           lease_expires_at = now() + make_interval(secs => ${leaseMs / 1000}::float8)
     WHERE id = ${id}::uuid AND organization_id = ${orgId}
       AND (status = 'queued' OR (status = 'running' AND (lease_expires_at IS NULL OR lease_expires_at < now())))
    RETURNING id`
  return rows.length ? db.transcriptionJob.findUnique({ where: { id } }) : null
}

export const findTranscriptionJob = (db: Db, id: string) => db.transcriptionJob.findUnique({ where: { id } })

/** Extends this worker's lease; false when it lost the job (cancelled, deleted, or taken over after expiry). */
export async function renewTranscriptionLease(db: Db, id: string, owner: string, leaseMs: number): Promise<boolean> {
  const n = await db.$executeRaw`
    UPDATE transcription_jobs SET lease_expires_at = now() + make_interval(secs => ${leaseMs / 1000}::float8)
     WHERE id = ${id}::uuid AND status = 'running' AND lease_owner = ${owner}`
  return n > 0
}

/** Hands a job back at once (this worker is stopping): the redelivered message takes it without waiting for the lease. */
export async function releaseTranscriptionLease(db: Db, id: string, owner: string): Promise<void> {
  await db.$executeRaw`UPDATE transcription_jobs SET lease_expires_at = now() WHERE id = ${id}::uuid AND status = 'running' AND lease_owner = ${owner}`
}

export async function leaseRemainingMs(db: Db, id: string): Promise<number> {
  const rows = await db.$queryRaw<{ ms: number }[]>`
    SELECT greatest(0, extract(epoch FROM (lease_expires_at - now())) * 1000)::float8 AS ms FROM transcription_jobs WHERE id = ${id}::uuid`
  return rows[0]?.ms ?? 0
}

/** Moves a held job to its next stage; false when this worker no longer holds it. */
export async function advanceStage(db: Db, id: string, owner: string, stage: JobStage): Promise<boolean> {
  const { count } = await db.transcriptionJob.updateMany({ where: { id, status: 'running', leaseOwner: owner }, data: { stage } })
  return count > 0
}

/** Records the outcome once: only the holder of the running job may, so a duplicate finishes nothing. */
export async function finishTranscriptionJob(db: Db, id: string, owner: string, outcome: { status: 'completed' | 'failed'; error?: string }): Promise<boolean> {
  const { count } = await db.transcriptionJob.updateMany({
    where: { id, status: 'running', leaseOwner: owner },
    data: { status: outcome.status, error: outcome.error ?? null, leaseOwner: null, leaseExpiresAt: null, finishedAt: new Date() },
  })
  return count > 0
}

/** Given up after too many deliveries. */
export async function abandonTranscriptionJob(db: Db, orgId: string, id: string, error: string): Promise<TranscriptionJobRow | null> {
  const { count } = await db.transcriptionJob.updateMany({
    where: { id, organizationId: orgId, status: { in: ACTIVE_JOB_STATUSES } },
    data: { status: 'failed', error, leaseOwner: null, leaseExpiresAt: null, finishedAt: new Date() },
  })
  return count ? db.transcriptionJob.findUnique({ where: { id } }) : null
}
