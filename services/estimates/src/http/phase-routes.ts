import { estimatesRoutes } from '@plumbline/contracts/api-routes'
import { catalogueRouter, uuidParam } from '@plumbline/service-kit'
import type { Router } from 'express'
import type { EstimatesDeps } from '../deps.js'
import { listPhases } from '../usecases/list-phases.js'
import { updatePhaseBudget } from '../usecases/update-phase-budget.js'

export function phaseRoutes(deps: EstimatesDeps): Router {
  return catalogueRouter(estimatesRoutes)
    .on('getEstimatesPhases', ({ ctx, req }) => listPhases(deps, ctx, uuidParam(req, 'id', 'Estimate')))
    .on('patchEstimatesPhasesBudget', ({ ctx, body, req }) => updatePhaseBudget(deps, ctx, uuidParam(req, 'id', 'Estimate'), body)).router
}
