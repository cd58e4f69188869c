import { ZContentSectionType } from '@plumbline/contracts'
import { estimatesRoutes } from '@plumbline/contracts/api-routes'
import { catalogueRouter, notFound, uuidParam } from '@plumbline/service-kit'
import type { Router } from 'express'
import type { EstimatesDeps } from '../deps.js'
import { listContentLinks } from '../usecases/list-content-links.js'
import { saveContentSection } from '../usecases/save-content-section.js'
import { setContentVisibility } from '../usecases/set-content-visibility.js'

/** A section type names a section; anything else names nothing (404, like a missing estimate). */
function sectionTypeOf(value: string) {
  const type = ZContentSectionType.safeParse(value)
  if (!type.success) throw notFound('Content section')
  return type.data
}

export function contentRoutes(deps: EstimatesDeps): Router {
  return catalogueRouter(estimatesRoutes)
    .on('getEstimatesContentLinks', ({ ctx, req }) => listContentLinks(deps, ctx, uuidParam(req, 'id', 'Estimate')))
    .on('patchEstimatesContentById', ({ ctx, body, req }) =>
      saveContentSection(deps, ctx, uuidParam(req, 'id', 'Estimate'), sectionTypeOf(req.params.type), body.content),
    )
    .on('patchEstimatesContentLinksVisibility', ({ ctx, body, req }) =>
      setContentVisibility(deps, ctx, uuidParam(req, 'id', 'Estimate'), uuidParam(req, 'linkId', 'Content link'), body),
    ).router
}
