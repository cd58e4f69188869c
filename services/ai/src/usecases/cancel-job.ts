import type { JobStatusResponse } from '@plumbline/contracts'
import { notFound, type OrgContext } from '@plumbline/service-kit'
import { cancelJob as cancelJobRow, findJob } from '../data/jobs-repo.js'
import type { AiDeps } from '../deps.js'
import { jobStatusOf } from './job-status.js'

/**
 * Cancels a queued or running job. A worker that is writing it notices at its next step (or
 * lease renewal) and records nothing; a job that already finished keeps its outcome, and the
 * answer shows that status.
 */
export async function cancelJob(deps: AiDeps, ctx: OrgContext, jobId: string): Promise<JobStatusResponse> {
  await cancelJobRow(deps.prisma, ctx.orgId, jobId)
  const job = await findJob(deps.prisma, ctx.orgId, jobId)
  if (!job) throw notFound('Job')
  return jobStatusOf(job)
}
