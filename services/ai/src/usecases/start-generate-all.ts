import { randomUUID } from 'node:crypto'
import type { AiDeps } from '../deps.js'
import { createJob } from '../data/jobs-repo.js'
import { checkAiQuota } from '../events/check-ai-quota.js'
import { recordJobRequested } from '../events/record-events.js'
import type { OrgContext } from './context.js'
import { loadWriterInput } from './load-writer-input.js'

/**
 * POST …/estimates/{id}/generate-all-content: checks the quota, reads the estimate (404 when it
 * is not the caller's), and stores the job with its message in one transaction. The worker
 * picks it up from JetStream; the caller polls the job's status.
 */
export async function startGenerateAll(deps: AiDeps, ctx: OrgContext, estimateId: string): Promise<{ jobId: string }> {
  await checkAiQuota(deps, ctx.orgId)
  const { input } = await loadWriterInput(deps, ctx.orgId, estimateId)
  const jobId = randomUUID()
  await deps.prisma.$transaction(async (tx) => {
    await createJob(tx, { id: jobId, orgId: ctx.orgId, estimateId, createdBy: ctx.userId, input })
    await recordJobRequested(tx, ctx.orgId, ctx.userId, { jobId })
  })
  return { jobId }
}
