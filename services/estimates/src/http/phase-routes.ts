import { ZBudgetPatch } from '@plumbline/contracts'
import { orgCtx, parseBody, uuidParam } from '@plumbline/service-kit'
import express, { type Router } from 'express'
import type { EstimatesDeps } from '../deps.js'
import { listPhases } from '../usecases/list-phases.js'
import { updatePhaseBudget } from '../usecases/update-phase-budget.js'

export function phaseRoutes(deps: EstimatesDeps): Router {
  const router = express.Router()
  router.get('/organizations/:orgId/estimates/:id/phases', async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'access')
    res.json(await listPhases(deps, ctx, uuidParam(req, 'id', 'Estimate')))
  })
  router.patch('/organizations/:orgId/estimates/:id/phases/budget', async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'edit')
    const id = uuidParam(req, 'id', 'Estimate')
    res.json(await updatePhaseBudget(deps, ctx, id, parseBody(ZBudgetPatch, req)))
  })
  return router
}
