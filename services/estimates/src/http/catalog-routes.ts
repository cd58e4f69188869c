import { estimatesRoutes } from '@plumbline/contracts/api-routes'
import { catalogueRouter } from '@plumbline/service-kit'
import type { Router } from 'express'
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

/** Spec 001 §7: project types and their phase-group links, phase groups and their phases, templates (cost_estimator module). */
export function catalogRoutes(deps: EstimatesDeps): Router {
  return catalogueRouter(estimatesRoutes)
    .on('getProjectTypes', ({ ctx }) => listProjectTypes(deps, ctx))
    .on('postProjectTypes', ({ ctx, body }) => createProjectType(deps, ctx, body))
    .on('putProjectTypesById', ({ ctx, body, req }) => updateProjectType(deps, ctx, req.params.typeId, body))
    .on('deleteProjectTypesById', async ({ ctx, req }) => {
      await deleteProjectType(deps, ctx, req.params.typeId)
    })
    .on('postProjectTypesPhaseGroupsLink', ({ ctx, body, req }) => linkPhaseGroup(deps, ctx, req.params.typeId, req.params.groupId, body))
    .on('deleteProjectTypesPhaseGroupsLink', ({ ctx, req }) => unlinkPhaseGroup(deps, ctx, req.params.typeId, req.params.groupId))
    .on('getPhaseGroups', ({ ctx }) => listPhaseGroups(deps, ctx))
    .on('postPhaseGroups', ({ ctx, body }) => createPhaseGroup(deps, ctx, body))
    .on('putPhaseGroupsById', ({ ctx, body, req }) => updatePhaseGroup(deps, ctx, req.params.groupId, body))
    .on('deletePhaseGroupsById', async ({ ctx, req }) => {
      await deletePhaseGroup(deps, ctx, req.params.groupId)
    })
    .on('getPhaseGroupsPhases', ({ ctx, req }) => listGroupPhases(deps, ctx, req.params.groupId))
    .on('postPhaseGroupsPhases', ({ ctx, body, req }) => createPhase(deps, ctx, req.params.groupId, body))
    .on('putPhasesById', ({ ctx, body, req }) => updatePhase(deps, ctx, req.params.phaseId, body))
    .on('deletePhasesById', async ({ ctx, req }) => {
      await deletePhase(deps, ctx, req.params.phaseId)
    })
    .on('getTemplates', ({ ctx, query }) => listTemplates(deps, ctx, query.category))
    .on('postTemplates', ({ ctx, body }) => createTemplate(deps, ctx, body))
    .on('putTemplatesById', ({ ctx, body, req }) => updateTemplate(deps, ctx, req.params.templateId, body))
    .on('deleteTemplatesById', async ({ ctx, req }) => {
      await deleteTemplate(deps, ctx, req.params.templateId)
    }).router
}
