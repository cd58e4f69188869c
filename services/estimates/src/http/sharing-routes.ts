import { orgCtx, uuidParam } from '@plumbline/service-kit'
import express, { type Router } from 'express'
import type { EstimatesDeps } from '../deps.js'
import { disableShareLink } from '../usecases/disable-share-link.js'
import { enableShareLink } from '../usecases/enable-share-link.js'
import { reopenEstimate } from '../usecases/reopen-estimate.js'

const estimate = '/organizations/:orgId/estimates/:id'

/** The contractor's share dialog (spec 001 "Share dialog") and reopening after a client decision. */
export function sharingRoutes(deps: EstimatesDeps): Router {
  const router = express.Router()

  router.post(`${estimate}/share`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'share')
    const link = await enableShareLink(deps, ctx, uuidParam(req, 'id', 'Estimate'))
    res.setHeader('Cache-Control', 'no-store')
    res.status(201).json(link)
  })
  router.delete(`${estimate}/share`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'share')
    await disableShareLink(deps, ctx, uuidParam(req, 'id', 'Estimate'))
    res.status(204).end()
  })
  router.post(`${estimate}/reopen`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'edit')
    res.json(await reopenEstimate(deps, ctx, uuidParam(req, 'id', 'Estimate')))
  })

  return router
}
