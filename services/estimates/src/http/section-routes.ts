import { estimatesRoutes } from '@plumbline/contracts/api-routes'
import { catalogueRouter, uuidParam } from '@plumbline/service-kit'
import type { Request, Router } from 'express'
import { withGzip } from '../data/sections-document.js'
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
import { sendVersionedJson } from './versioned-body.js'

const estimateId = (req: Request) => uuidParam(req, 'id', 'Estimate')
const sectionId = (req: Request) => uuidParam(req, 'sectionId', 'Section')
const lineItemId = (req: Request) => uuidParam(req, 'itemId', 'Line item')

export function sectionRoutes(deps: EstimatesDeps): Router {
  return catalogueRouter(estimatesRoutes)
    .on('getEstimatesSections', async ({ ctx, req, res }) => {
      const id = estimateId(req)
      const document = await listSectionsDocument(deps, ctx, id)
      // The gzip recompresses only the sections that changed (withGzip).
      await sendVersionedJson(req, res, { etag: `W/"${id}.${document.version}"`, memo: deps.sectionsDocuments, key: id, remembered: document, withGzip })
    })
    .on('postEstimatesSections', ({ ctx, body, req }) => createSection(deps, ctx, estimateId(req), body))
    .on('getEstimatesSectionsExportCsv', async ({ ctx, req, res }) => {
      const { csv, fileName } = await exportSectionsCsv(deps, ctx, estimateId(req))
      res.type('text/csv; charset=utf-8').attachment(fileName).send(csv)
    })
    .on('postEstimatesSectionsImportCsv', ({ ctx, body, req }) => importSectionsCsv(deps, ctx, estimateId(req), body.csv))
    .on('postEstimatesApplyTemplate', ({ ctx, body, req }) => applyTemplate(deps, ctx, estimateId(req), body.templateId))
    .on('putSectionsById', ({ ctx, body, req }) => updateSection(deps, ctx, sectionId(req), body))
    .on('deleteSectionsById', async ({ ctx, req }) => {
      await deleteSection(deps, ctx, sectionId(req))
    })
    .on('postSectionsLineItems', ({ ctx, body, req }) => createLineItem(deps, ctx, sectionId(req), body))
    .on('patchSectionsLineItemsReorder', ({ ctx, body, req }) => reorderLineItems(deps, ctx, sectionId(req), body.itemIds))
    .on('putLineItemsById', ({ ctx, body, req }) => updateLineItem(deps, ctx, lineItemId(req), body))
    .on('deleteLineItemsById', async ({ ctx, req }) => {
      await deleteLineItem(deps, ctx, lineItemId(req))
    }).router
}
