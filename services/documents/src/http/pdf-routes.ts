import { ZEstimateIdParams } from '@plumbline/contracts'
import { orgCtx, parseParams, uuidParam } from '@plumbline/service-kit'
import express, { type Router } from 'express'
import type { DocumentsDeps } from '../deps.js'
import { generatePdf } from '../usecases/generate-pdf.js'

/** PDF export of an estimate: anyone who may open estimates may export them. */
export function pdfRoutes(deps: DocumentsDeps): Router {
  const router = express.Router()
  router.post('/organizations/:orgId/estimates/:id/generate-pdf', async (req, res) => {
    parseParams(ZEstimateIdParams, req)
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'access')
    const estimateId = uuidParam(req, 'id', 'Estimate')
    res.status(200).json(await generatePdf(deps, ctx, estimateId))
  })
  return router
}
