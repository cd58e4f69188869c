import { estimatesRoutes } from '@plumbline/contracts/api-routes'
import { catalogueRouter, uuidParam } from '@plumbline/service-kit'
import type { Response, Router } from 'express'
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
import { sendVersionedJson } from './versioned-body.js'

/** An idempotent create answers itself: a replay repeats the first answer's status and says so. */
export function sendIdempotent(res: Response, result: { status: number; body: unknown; replayed: boolean }): void {
  if (result.replayed) res.setHeader('Idempotent-Replayed', 'true')
  res.status(result.status).json(result.body)
}

export function estimateRoutes(deps: EstimatesDeps): Router {
  return (
    catalogueRouter(estimatesRoutes)
      .on('getEstimates', async ({ ctx, query, req, res }) => {
        const page = await listEstimates(deps, ctx, query)
        await sendVersionedJson(req, res, { etag: `W/"estimates.${page.version}"`, memo: deps.listPages, key: page.key, remembered: page })
      })
      .on('postEstimates', async ({ ctx, body, req, res }) => {
        const key = idempotencyKeyOf(req.header('idempotency-key'))
        const idem = key ? { orgId: ctx.orgId, key, scope: 'POST /estimates', requestHash: requestHashOf(req.body) } : undefined
        sendIdempotent(res, await createEstimate(deps, ctx, body, idem))
      })
      // Before /:id, which would read "insights" as an estimate id.
      .on('getEstimatesInsights', ({ ctx }) => getInsights(deps, ctx))
      .on('getEstimatesById', ({ ctx, req }) => getEstimate(deps, ctx, uuidParam(req, 'id', 'Estimate')))
      .on('putEstimatesById', ({ ctx, body, req }) => updateEstimate(deps, ctx, uuidParam(req, 'id', 'Estimate'), body))
      .on('postEstimatesClone', async ({ ctx, req, res }) => {
        const id = uuidParam(req, 'id', 'Estimate')
        const key = idempotencyKeyOf(req.header('idempotency-key'))
        const idem = key ? { orgId: ctx.orgId, key, scope: `POST /estimates/${id}/clone`, requestHash: requestHashOf(null) } : undefined
        sendIdempotent(res, await cloneEstimate(deps, ctx, id, idem))
      })
      .on('deleteEstimatesById', async ({ ctx, req }) => {
        await deleteEstimate(deps, ctx, uuidParam(req, 'id', 'Estimate'))
      })
      .on('patchEstimatesStatus', ({ ctx, body, req }) => setEstimateStatus(deps, ctx, uuidParam(req, 'id', 'Estimate'), body)).router
  )
}
