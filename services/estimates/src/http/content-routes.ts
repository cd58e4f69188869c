import { ZContentPatch, ZContentSectionType, ZVisibilityPatch } from '@plumbline/contracts'
import { notFound, orgCtx, parseBody, uuidParam } from '@plumbline/service-kit'
import express, { type Router } from 'express'
import type { EstimatesDeps } from '../deps.js'
import { listContentLinks } from '../usecases/list-content-links.js'
import { saveContentSection } from '../usecases/save-content-section.js'
import { setContentVisibility } from '../usecases/set-content-visibility.js'

const base = '/organizations/:orgId/estimates/:id'

export function contentRoutes(deps: EstimatesDeps): Router {
  const router = express.Router()
  router.get(`${base}/content-links`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'access')
    res.json(await listContentLinks(deps, ctx, uuidParam(req, 'id', 'Estimate')))
  })
  router.patch(`${base}/content/:type`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'edit')
    const id = uuidParam(req, 'id', 'Estimate')
    const type = ZContentSectionType.safeParse(req.params.type)
    if (!type.success) throw notFound('Content section')
    const { content } = parseBody(ZContentPatch, req)
    res.json(await saveContentSection(deps, ctx, id, type.data, content))
  })
  router.patch(`${base}/content-links/:linkId/visibility`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'edit')
    const id = uuidParam(req, 'id', 'Estimate')
    const linkId = uuidParam(req, 'linkId', 'Content link')
    res.json(await setContentVisibility(deps, ctx, id, linkId, parseBody(ZVisibilityPatch, req)))
  })
  return router
}
