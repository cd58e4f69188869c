import { ZPhaseGroupInput, ZPhaseGroupLinkInput, ZPhaseInput, ZProjectTypeInput, ZTemplateCategory, ZTemplateInput } from '@plumbline/contracts'
import { orgCtx, parseBody, parseQuery } from '@plumbline/service-kit'
import express, { type Router } from 'express'
import { z } from 'zod'
import type { EstimatesDeps } from '../deps.js'
import { listProjectTypes } from '../usecases/list-project-types.js'
import {
  createPhase,
  createPhaseGroup,
  deletePhase,
  deletePhaseGroup,
  listGroupPhases,
  listPhaseGroups,
  updatePhase,
  updatePhaseGroup,
} from '../usecases/phase-groups.js'
import { createProjectType, deleteProjectType, linkPhaseGroup, unlinkPhaseGroup, updateProjectType } from '../usecases/project-types.js'
import { createTemplate, deleteTemplate, listTemplates, updateTemplate } from '../usecases/templates.js'

const org = '/organizations/:orgId'
const ZTemplateListQuery = z.object({ category: ZTemplateCategory.optional() })

export function catalogRoutes(deps: EstimatesDeps): Router {
  const router = express.Router()
  router.get(`${org}/project-types`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'access')
    res.json(await listProjectTypes(deps, ctx))
  })
  projectTypeWrites(router, deps)
  phaseGroupRoutes(router, deps)
  router.get(`${org}/templates`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'access')
    res.json(await listTemplates(deps, ctx, parseQuery(ZTemplateListQuery, req).category))
  })
  router.post(`${org}/templates`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'create')
    res.status(201).json(await createTemplate(deps, ctx, parseBody(ZTemplateInput, req)))
  })
  router.put(`${org}/templates/:templateId`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'edit')
    res.json(await updateTemplate(deps, ctx, String(req.params.templateId), parseBody(ZTemplateInput, req)))
  })
  router.delete(`${org}/templates/:templateId`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'delete')
    await deleteTemplate(deps, ctx, String(req.params.templateId))
    res.status(204).end()
  })
  return router
}

const param = (req: express.Request, name: string) => String(req.params[name])

/** Spec 001 §7: a project type's own writes and its phase-group links (cost_estimator module, like templates). */
function projectTypeWrites(router: Router, deps: EstimatesDeps) {
  router.post(`${org}/project-types`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'create')
    res.status(201).json(await createProjectType(deps, ctx, parseBody(ZProjectTypeInput, req)))
  })
  router.put(`${org}/project-types/:typeId`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'edit')
    res.json(await updateProjectType(deps, ctx, param(req, 'typeId'), parseBody(ZProjectTypeInput, req)))
  })
  router.delete(`${org}/project-types/:typeId`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'delete')
    await deleteProjectType(deps, ctx, param(req, 'typeId'))
    res.status(204).end()
  })
  const link = `${org}/project-types/:typeId/phase-groups/:groupId/link`
  router.post(link, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'edit')
    res.json(await linkPhaseGroup(deps, ctx, param(req, 'typeId'), param(req, 'groupId'), parseBody(ZPhaseGroupLinkInput, req)))
  })
  router.delete(link, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'edit')
    res.json(await unlinkPhaseGroup(deps, ctx, param(req, 'typeId'), param(req, 'groupId')))
  })
}

/** Spec 001 §7: phase groups and their phases. */
function phaseGroupRoutes(router: Router, deps: EstimatesDeps) {
  router.get(`${org}/phase-groups`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'access')
    res.json(await listPhaseGroups(deps, ctx))
  })
  router.post(`${org}/phase-groups`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'create')
    res.status(201).json(await createPhaseGroup(deps, ctx, parseBody(ZPhaseGroupInput, req)))
  })
  router.put(`${org}/phase-groups/:groupId`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'edit')
    res.json(await updatePhaseGroup(deps, ctx, param(req, 'groupId'), parseBody(ZPhaseGroupInput, req)))
  })
  router.delete(`${org}/phase-groups/:groupId`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'delete')
    await deletePhaseGroup(deps, ctx, param(req, 'groupId'))
    res.status(204).end()
  })
  router.get(`${org}/phase-groups/:groupId/phases`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'access')
    res.json(await listGroupPhases(deps, ctx, param(req, 'groupId')))
  })
  router.post(`${org}/phase-groups/:groupId/phases`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'create')
    res.status(201).json(await createPhase(deps, ctx, param(req, 'groupId'), parseBody(ZPhaseInput, req)))
  })
  router.put(`${org}/phases/:phaseId`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'edit')
    res.json(await updatePhase(deps, ctx, param(req, 'phaseId'), parseBody(ZPhaseInput, req)))
  })
  router.delete(`${org}/phases/:phaseId`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'cost_estimator', 'delete')
    await deletePhase(deps, ctx, param(req, 'phaseId'))
    res.status(204).end()
  })
}
