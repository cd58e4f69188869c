import { estimatesRoutes } from '@plumbline/contracts/api-routes'
import { catalogueRouter, uuidParam } from '@plumbline/service-kit'
import type { Router } from 'express'
import { idempotencyKeyOf, requestHashOf } from '../data/idempotency.js'
import type { EstimatesDeps } from '../deps.js'
import { getApprovalRecord } from '../usecases/get-approval-record.js'
import { getTimeline } from '../usecases/list-timeline.js'
import { sendEstimate } from '../usecases/send-estimate.js'
import { sendIdempotent } from './estimate-routes.js'

/** Sending an estimate by e-mail from the app, the estimate's timeline, and the client's signed approval. */
export function sendingRoutes(deps: EstimatesDeps): Router {
  return catalogueRouter(estimatesRoutes)
    .on('postEstimatesSend', async ({ ctx, body, req, res }) => {
      const id = uuidParam(req, 'id', 'Estimate')
      const key = idempotencyKeyOf(req.header('idempotency-key'))
      const idem = key ? { orgId: ctx.orgId, key, scope: `POST /estimates/${id}/send`, requestHash: requestHashOf(req.body) } : undefined
      sendIdempotent(res, await sendEstimate(deps, ctx, id, body, idem))
    })
    .on('getEstimatesTimeline', ({ ctx, req }) => getTimeline(deps, ctx, uuidParam(req, 'id', 'Estimate')))
    .on('getEstimatesApproval', ({ ctx, req }) => getApprovalRecord(deps, ctx, uuidParam(req, 'id', 'Estimate'))).router
}
