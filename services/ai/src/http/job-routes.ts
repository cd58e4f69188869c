import { orgCtx, uuidParam } from '@plumbline/service-kit'
import express, { type Router } from 'express'
import type { AiDeps } from '../deps.js'
import { cancelJob } from '../usecases/cancel-job.js'
import { getJobStatus } from '../usecases/get-job-status.js'
import { startGenerateAll } from '../usecases/start-generate-all.js'

const org = '/organizations/:orgId'

export function jobRoutes(deps: AiDeps): Router {
  const router = express.Router()
  router.post(`${org}/estimates/:id/generate-all-content`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'edit')
    const estimateId = uuidParam(req, 'id', 'Estimate')
    // 202: the job is accepted and runs in the background; poll …/jobs/{jobId}/status.
    res.status(202).json(await startGenerateAll(deps, ctx, estimateId))
  })
  router.get(`${org}/jobs/:jobId/status`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'access')
    res.json(await getJobStatus(deps, ctx, uuidParam(req, 'jobId', 'Job')))
  })
  router.post(`${org}/jobs/:jobId/cancel`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'edit')
    res.json(await cancelJob(deps, ctx, uuidParam(req, 'jobId', 'Job')))
  })
  return router
}
