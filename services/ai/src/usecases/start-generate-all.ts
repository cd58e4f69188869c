import { randomUUID } from 'node:crypto'
import { inTransaction, type OrgContext, withQuota } from '@plumbline/service-kit'
import { createJob, findActiveJob, lockEstimateJobs } from '../data/jobs-repo.js'
import type { AiDeps } from '../deps.js'
import { recordJobRequested } from '../events/record-events.js'
import { loadWriterInput } from './load-writer-input.js'

/** A queued or running job younger than this is joined rather than started again. */
export const JOIN_ACTIVE_JOB_MS = 5 * 60_000

/**
 * POST …/estimates/{id}/generate-all-content: checks the quota, reads the estimate (404 when it
 * is not the caller's), and stores the job with its message in one transaction. The worker
 * picks it up from JetStream; the caller polls the job's status. While the estimate already has
 * a recent job queued or running (a double click, a second tab), its id is returned instead:
 * one job, one charge against the monthly limit, one set of sections written (a job joined after
 * the quota check gives its grant back).
 */
export async function startGenerateAll(deps: AiDeps, ctx: OrgContext, estimateId: string): Promise<{ jobId: string }> {
  const since = () => new Date(Date.now() - JOIN_ACTIVE_JOB_MS)
  const active = await findActiveJob(deps.prisma, ctx.orgId, estimateId, since())
  if (active) return { jobId: active.id }
  return withQuota(deps, ctx.orgId, 'ai', async (grant) => {
    const { input } = await loadWriterInput(deps, ctx.orgId, estimateId)
    return inTransaction(deps, async (tx) => {
      await lockEstimateJobs(tx, ctx.orgId, estimateId)
      const raced = await findActiveJob(tx, ctx.orgId, estimateId, since())
      if (raced) {
        grant.release()
        return { jobId: raced.id }
      }
      const jobId = randomUUID()
      await createJob(tx, { id: jobId, orgId: ctx.orgId, estimateId, createdBy: ctx.userId, input })
      await recordJobRequested(tx, ctx.orgId, ctx.userId, { jobId })
      return { jobId }
    })
  })
}
