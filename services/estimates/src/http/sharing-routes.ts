import { estimatesRoutes } from '@plumbline/contracts/api-routes'
import { catalogueRouter, uuidParam } from '@plumbline/service-kit'
import type { Router } from 'express'
import type { EstimatesDeps } from '../deps.js'
import { disableShareLink } from '../usecases/disable-share-link.js'
import { enableShareLink } from '../usecases/enable-share-link.js'
import { reopenEstimate } from '../usecases/reopen-estimate.js'
import { getShareSettings, patchShareSettings } from '../usecases/share-governance.js'

/** The contractor's share dialog (spec 001 "Share dialog") and reopening after a client decision. */
export function sharingRoutes(deps: EstimatesDeps): Router {
  return catalogueRouter(estimatesRoutes)
    .on('postEstimatesShare', async ({ ctx, req, res }) => {
      const link = await enableShareLink(deps, ctx, uuidParam(req, 'id', 'Estimate'))
      res.setHeader('Cache-Control', 'no-store')
      return link
    })
    .on('deleteEstimatesShare', async ({ ctx, req }) => {
      await disableShareLink(deps, ctx, uuidParam(req, 'id', 'Estimate'))
    })
    .on('getEstimatesShare', ({ ctx, req }) => getShareSettings(deps, ctx, uuidParam(req, 'id', 'Estimate')))
    .on('patchEstimatesShare', ({ ctx, body, req }) => patchShareSettings(deps, ctx, uuidParam(req, 'id', 'Estimate'), body))
    .on('postEstimatesReopen', ({ ctx, req }) => reopenEstimate(deps, ctx, uuidParam(req, 'id', 'Estimate'))).router
}
