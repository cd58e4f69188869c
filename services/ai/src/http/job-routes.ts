import { aiRoutes } from '@plumbline/contracts/api-routes'
import { catalogueRouter, uuidParam } from '@plumbline/service-kit'
import type { Router } from 'express'
import type { AiDeps } from '../deps.js'
import { cancelJob } from '../usecases/cancel-job.js'
import { getJobStatus } from '../usecases/get-job-status.js'
import { startGenerateAll } from '../usecases/start-generate-all.js'

export function jobRoutes(deps: AiDeps): Router {
  return (
    catalogueRouter(aiRoutes)
      // 202: the job is accepted and runs in the background; poll …/jobs/{jobId}/status.
      .on('postEstimatesGenerateAllContent', ({ ctx, req }) => startGenerateAll(deps, ctx, uuidParam(req, 'id', 'Estimate')))
      .on('getJobsStatus', ({ ctx, req }) => getJobStatus(deps, ctx, uuidParam(req, 'jobId', 'Job')))
      .on('postJobsCancel', ({ ctx, req }) => cancelJob(deps, ctx, uuidParam(req, 'jobId', 'Job'))).router
  )
}
