import type { JobStatusResponse } from '@plumbline/contracts'
import { notFound, type OrgContext } from '@plumbline/service-kit'
import { findJob } from '../data/jobs-repo.js'
import type { AiDeps } from '../deps.js'
import { jobStatusOf } from './job-status.js'

export async function getJobStatus(deps: AiDeps, ctx: OrgContext, jobId: string): Promise<JobStatusResponse> {
  const job = await findJob(deps.prisma, ctx.orgId, jobId)
  if (!job) throw notFound('Job')
  return jobStatusOf(job)
}
