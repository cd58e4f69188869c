import { estimatesRoutes } from '@plumbline/contracts/api-routes'
import { catalogueRouter, uuidParam } from '@plumbline/service-kit'
import type { Router } from 'express'
import type { EstimatesDeps } from '../deps.js'
import { diffEstimateRevisions, listRevisions } from '../usecases/revisions.js'

/** The team's view of an estimate's revisions: the list (who, when), and what changed between any two. */
export function revisionRoutes(deps: EstimatesDeps): Router {
  return catalogueRouter(estimatesRoutes)
    .on('getEstimatesRevisionsDiff', ({ ctx, query, req }) => diffEstimateRevisions(deps, ctx, uuidParam(req, 'id', 'Estimate'), query))
    .on('getEstimatesRevisions', ({ ctx, req }) => listRevisions(deps, ctx, uuidParam(req, 'id', 'Estimate'))).router
}
