import { documentsRoutes } from '@plumbline/contracts/api-routes'
import { catalogueRouter, uuidParam } from '@plumbline/service-kit'
import type { Router } from 'express'
import type { DocumentsDeps } from '../deps.js'
import { generatePdf } from '../usecases/generate-pdf.js'

/** PDF export of an estimate: anyone who may open estimates may export them. */
export function pdfRoutes(deps: DocumentsDeps): Router {
  return catalogueRouter(documentsRoutes).on('postEstimatesGeneratePdf', async ({ ctx, req }) => generatePdf(deps, ctx, uuidParam(req, 'id', 'Estimate')))
    .router
}
