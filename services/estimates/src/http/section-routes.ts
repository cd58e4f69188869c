import { ZApplyTemplateBody, ZCsvImportBody, ZLineItemInput, ZReorderBody, ZSectionInput } from '@plumbline/contracts'
import { orgCtx, parseBody, uuidParam } from '@plumbline/service-kit'
import express, { type Router } from 'express'
import type { EstimatesDeps } from '../deps.js'
import { applyTemplate } from '../usecases/apply-template.js'
import { createLineItem } from '../usecases/create-line-item.js'
import { createSection } from '../usecases/create-section.js'
import { deleteLineItem } from '../usecases/delete-line-item.js'
import { deleteSection } from '../usecases/delete-section.js'
import { exportSectionsCsv } from '../usecases/export-sections-csv.js'
import { importSectionsCsv } from '../usecases/import-sections-csv.js'
import { listSectionsDocument } from '../usecases/list-sections.js'
import { reorderLineItems } from '../usecases/reorder-line-items.js'
import { updateLineItem } from '../usecases/update-line-item.js'
import { updateSection } from '../usecases/update-section.js'

const org = '/organizations/:orgId'
const estimate = `${org}/estimates/:id`

export function sectionRoutes(deps: EstimatesDeps): Router {
  const router = express.Router()

  router.get(`${estimate}/sections`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'access')
    const estimateId = uuidParam(req, 'id', 'Estimate')
    const acceptsGzip = req.acceptsEncodings('gzip') === 'gzip'
    const { version, value } = await listSectionsDocument(deps, ctx, estimateId, acceptsGzip)
    // The sections version names the body: express sends 304 to a matching If-None-Match and
    // skips hashing ~200 kB for its own ETag.
    res.setHeader('ETag', `W/"${estimateId}.${version}"`)
    res.setHeader('Vary', 'Accept-Encoding')
    res.type('application/json')
    if (acceptsGzip && value.gzip) res.setHeader('Content-Encoding', 'gzip').send(value.gzip)
    else res.send(value.body)
  })
  router.post(`${estimate}/sections`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'edit')
    const id = uuidParam(req, 'id', 'Estimate')
    res.status(201).json(await createSection(deps, ctx, id, parseBody(ZSectionInput, req)))
  })
  router.get(`${estimate}/sections/export.csv`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'access')
    const { csv, fileName } = await exportSectionsCsv(deps, ctx, uuidParam(req, 'id', 'Estimate'))
    res.type('text/csv; charset=utf-8').attachment(fileName).send(csv)
  })
  router.post(`${estimate}/sections/import-csv`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'edit')
    const id = uuidParam(req, 'id', 'Estimate')
    res.json(await importSectionsCsv(deps, ctx, id, parseBody(ZCsvImportBody, req).csv))
  })
  router.post(`${estimate}/apply-template`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'edit')
    const id = uuidParam(req, 'id', 'Estimate')
    res.json(await applyTemplate(deps, ctx, id, parseBody(ZApplyTemplateBody, req).templateId))
  })

  router.put(`${org}/sections/:sectionId`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'edit')
    const sectionId = uuidParam(req, 'sectionId', 'Section')
    res.json(await updateSection(deps, ctx, sectionId, parseBody(ZSectionInput, req)))
  })
  router.delete(`${org}/sections/:sectionId`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'edit')
    await deleteSection(deps, ctx, uuidParam(req, 'sectionId', 'Section'))
    res.status(204).end()
  })
  router.post(`${org}/sections/:sectionId/line-items`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'edit')
    const sectionId = uuidParam(req, 'sectionId', 'Section')
    res.status(201).json(await createLineItem(deps, ctx, sectionId, parseBody(ZLineItemInput, req)))
  })
  router.patch(`${org}/sections/:sectionId/line-items/reorder`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'edit')
    const sectionId = uuidParam(req, 'sectionId', 'Section')
    res.json(await reorderLineItems(deps, ctx, sectionId, parseBody(ZReorderBody, req).itemIds))
  })
  router.put(`${org}/line-items/:itemId`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'edit')
    const itemId = uuidParam(req, 'itemId', 'Line item')
    res.json(await updateLineItem(deps, ctx, itemId, parseBody(ZLineItemInput, req)))
  })
  router.delete(`${org}/line-items/:itemId`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'edit')
    await deleteLineItem(deps, ctx, uuidParam(req, 'itemId', 'Line item'))
    res.status(204).end()
  })
  return router
}
