import type { ContentBlocks, JobStatus } from '@plumbline/contracts'
import type { Prisma } from '../generated/prisma/client.js'
import type { Db } from './db.js'

// Every job query names the organisation, except the worker's own claim/renew/finish calls,
// which follow a message that the service itself enqueued (its orgId is checked at claim).

export type JobRow = Prisma.AiJobGetPayload<object>
export const TERMINAL: ReadonlySet<string> = new Set<JobStatus>(['completed', 'failed', 'cancelled'])

export function createJob(db: Db, job: { id: string; orgId: string; estimateId: string; createdBy: string; input: unknown }) {
  return db.aiJob.create({
    data: {
      id: job.id,
      organizationId: job.orgId,
      estimateId: job.estimateId,
      createdBy: job.createdBy,
      input: job.input as Prisma.InputJsonValue,
      message: 'Waiting to start',
    },
  })
}

/** Serialises job starts for one estimate until the transaction ends (two clicks, two tabs). */
export async function lockEstimateJobs(db: Db, orgId: string, estimateId: string): Promise<void> {
  await db.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`ai-job:${orgId}:${estimateId}`}, 0))`
}

/**
 * The estimate's generate-all job that is still queued or running and recent enough to be
 * waited for (a client polls for two minutes); a second start joins it instead of paying twice.
 */
export const findActiveJob = (db: Db, orgId: string, estimateId: string, since: Date) =>
  db.aiJob.findFirst({
    where: { organizationId: orgId, estimateId, status: { in: ['queued', 'running'] }, createdAt: { gte: since } },
    orderBy: { createdAt: 'desc' },
    select: { id: true },
  })

export const findJob = (db: Db, orgId: string, id: string) => db.aiJob.findFirst({ where: { id, organizationId: orgId } })

/**
 * Takes a job for this worker: a queued job, or a running one whose lease expired (its worker
 * died). Database time decides expiry, so replicas with skewed clocks agree. null: someone else
 * holds it, or it is finished or cancelled.
 */
export async function claimJob(db: Db, orgId: string, id: string, owner: string, leaseMs: number): Promise<JobRow | null> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    UPDATE ai_jobs SET status = 'running', attempts = attempts + 1, lease_owner = ${owner},
           lease_expires_at = now() + make_interval(secs => ${leaseMs / 1000}::float8),
           started_at = coalesce(started_at, now()), message = 'Starting', updated_at = now()
     WHERE id = ${id}::uuid AND organization_id = ${orgId}
       AND (status = 'queued' OR (status = 'running' AND (lease_expires_at IS NULL OR lease_expires_at < now())))
    RETURNING id`
  return rows.length ? db.aiJob.findUnique({ where: { id } }) : null
}

/** Extends this worker's lease; false when it lost the job (cancelled, or taken over after expiry). */
export async function renewLease(db: Db, id: string, owner: string, leaseMs: number): Promise<boolean> {
  const n = await db.$executeRaw`
    UPDATE ai_jobs SET lease_expires_at = now() + make_interval(secs => ${leaseMs / 1000}::float8)
     WHERE id = ${id}::uuid AND status = 'running' AND lease_owner = ${owner}`
  return n === 1
}

/** Lets another delivery take the job at once (this worker is stopping or hit a transient error). */
export async function releaseLease(db: Db, id: string, owner: string): Promise<void> {
  await db.$executeRaw`UPDATE ai_jobs SET lease_expires_at = now() WHERE id = ${id}::uuid AND status = 'running' AND lease_owner = ${owner}`
}

/** Milliseconds until another worker's lease on a running job expires. */
export async function leaseRemainingMs(db: Db, id: string): Promise<number> {
  const rows = await db.$queryRaw<{ ms: number | null }[]>`
    SELECT greatest(0, extract(epoch FROM (lease_expires_at - now())) * 1000)::float8 AS ms FROM ai_jobs WHERE id = ${id}::uuid`
  return Math.ceil(rows[0]?.ms ?? 0)
}

export const setProgress = (db: Db, id: string, owner: string, message: string) =>
  db.aiJob.updateMany({ where: { id, status: 'running', leaseOwner: owner }, data: { message } })

/**
 * Records the outcome, only while this worker still holds the running job: a cancelled job, or
 * one another worker took over, is left as it is. Returns whether the outcome was recorded.
 */
export async function finishJob(
  db: Db,
  id: string,
  owner: string,
  outcome: { status: 'completed'; blocks: ContentBlocks; writer: string; message: string } | { status: 'failed'; error: string },
): Promise<boolean> {
  const data =
    outcome.status === 'completed'
      ? {
          status: 'completed',
          result: { contentBlocks: outcome.blocks } as Prisma.InputJsonValue,
          writer: outcome.writer,
          message: outcome.message,
          error: null,
        }
      : { status: 'failed', error: outcome.error, message: outcome.error }
  const { count } = await db.aiJob.updateMany({
    where: { id, status: 'running', leaseOwner: owner },
    data: { ...data, leaseOwner: null, leaseExpiresAt: null, finishedAt: new Date() },
  })
  return count === 1
}

/** Fails a job whatever holds it (its message came back too often: the job keeps killing workers). */
export const abandonJob = (db: Db, orgId: string, id: string, error: string) =>
  db.aiJob.updateMany({
    where: { id, organizationId: orgId, status: { in: ['queued', 'running'] } },
    data: { status: 'failed', error, message: error, leaseOwner: null, leaseExpiresAt: null, finishedAt: new Date() },
  })

export const cancelJob = (db: Db, orgId: string, id: string) =>
  db.aiJob.updateMany({
    where: { id, organizationId: orgId, status: { in: ['queued', 'running'] } },
    data: { status: 'cancelled', message: 'AI generation was cancelled', leaseOwner: null, leaseExpiresAt: null, finishedAt: new Date() },
  })

/** Deletes finished jobs older than the cutoff; a client polls a job for minutes, not days. */
export async function pruneFinishedJobs(db: Db, olderThan: Date): Promise<number> {
  const { count } = await db.aiJob.deleteMany({ where: { status: { in: [...TERMINAL] }, finishedAt: { lt: olderThan } } })
  return count
}
