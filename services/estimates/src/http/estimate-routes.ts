import { ZEstimateListQuery, ZEstimatePayload, ZManualStatus } from '@plumbline/contracts'
import { orgCtx, parseBody, parseQuery, uuidParam } from '@plumbline/service-kit'
import express, { type Router } from 'express'
import { idempotencyKeyOf, requestHashOf } from '../data/idempotency.js'
import type { EstimatesDeps } from '../deps.js'
import { cloneEstimate } from '../usecases/clone-estimate.js'
import { createEstimate } from '../usecases/create-estimate.js'
import { deleteEstimate } from '../usecases/delete-estimate.js'
import { getEstimate } from '../usecases/get-estimate.js'
import { getInsights } from '../usecases/get-insights.js'
import { listEstimates } from '../usecases/list-estimates.js'
import { setEstimateStatus } from '../usecases/set-estimate-status.js'
import { updateEstimate } from '../usecases/update-estimate.js'

const base = '/organizations/:orgId/estimates'

export function estimateRoutes(deps: EstimatesDeps): Router {
  const router = express.Router()

  router.get(base, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'access')
    res.json(await listEstimates(deps, ctx, parseQuery(ZEstimateListQuery, req)))
  })

  router.post(base, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'create')
    const input = parseBody(ZEstimatePayload, req)
    const key = idempotencyKeyOf(req.header('idempotency-key'))
    const idem = key ? { orgId: ctx.orgId, key, scope: 'POST /estimates', requestHash: requestHashOf(req.body) } : undefined
    const result = await createEstimate(deps, ctx, input, idem)
    if (result.replayed) res.setHeader('Idempotent-Replayed', 'true')
    res.status(result.status).json(result.body)
  })

  // Before /:id, which would read "insights" as an estimate id.
  router.get(`${base}/insights`, async (req, res) => {
    res.json(await getInsights(deps, orgCtx(res, req.params.orgId, 'cost_estimator', 'access')))
  })

  router.get(`${base}/:id`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'access')
    res.json(await getEstimate(deps, ctx, uuidParam(req, 'id', 'Estimate')))
  })

  router.put(`${base}/:id`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'edit')
    const id = uuidParam(req, 'id', 'Estimate')
    res.json(await updateEstimate(deps, ctx, id, parseBody(ZEstimatePayload, req)))
  })

  router.post(`${base}/:id/clone`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'create')
    const id = uuidParam(req, 'id', 'Estimate')
    const key = idempotencyKeyOf(req.header('idempotency-key'))
    const idem = key ? { orgId: ctx.orgId, key, scope: `POST /estimates/${id}/clone`, requestHash: requestHashOf(null) } : undefined
    const result = await cloneEstimate(deps, ctx, id, idem)
    if (result.replayed) res.setHeader('Idempotent-Replayed', 'true')
    res.status(result.status).json(result.body)
  })

  router.delete(`${base}/:id`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'delete')
    await deleteEstimate(deps, ctx, uuidParam(req, 'id', 'Estimate'))
    res.status(204).end()
  })

  router.patch(`${base}/:id/status`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'edit')
    const id = uuidParam(req, 'id', 'Estimate')
    res.json(await setEstimateStatus(deps, ctx, id, parseBody(ZManualStatus, req)))
  })

  return router
}
