import { estimatesRoutes } from '@plumbline/contracts/api-routes'
import { catalogueRouter, uuidParam } from '@plumbline/service-kit'
import type { Router } from 'express'
import { idempotencyKeyOf, requestHashOf } from '../data/idempotency.js'
import type { EstimatesDeps } from '../deps.js'
import { listComments } from '../usecases/list-comments.js'
import { replyToClient } from '../usecases/reply-to-client.js'
import { sendIdempotent } from './estimate-routes.js'

/** The team's side of an estimate's change-request thread: read it, and reply to the client. */
export function commentRoutes(deps: EstimatesDeps): Router {
  return catalogueRouter(estimatesRoutes)
    .on('getEstimatesComments', ({ ctx, req }) => listComments(deps, ctx, uuidParam(req, 'id', 'Estimate')))
    .on('postEstimatesComments', async ({ ctx, body, req, res }) => {
      const id = uuidParam(req, 'id', 'Estimate')
      const key = idempotencyKeyOf(req.header('idempotency-key'))
      const idem = key ? { orgId: ctx.orgId, key, scope: `POST /estimates/${id}/comments`, requestHash: requestHashOf(req.body) } : undefined
      sendIdempotent(res, await replyToClient(deps, ctx, id, body, idem))
    }).router
}
