import express, { type Router } from 'express'
import { ZTemplateCategory, ZTemplateInput } from '@plumbline/contracts'
import { parseBody, parseQuery } from '@plumbline/service-kit'
import { z } from 'zod'
import type { EstimatesDeps } from '../deps.js'
import { listProjectTypes } from '../usecases/list-project-types.js'
import { createTemplate, deleteTemplate, listTemplates, updateTemplate } from '../usecases/templates.js'
import { orgCtx } from './context.js'

const org = '/organizations/:orgId'
const ZTemplateListQuery = z.object({ category: ZTemplateCategory.optional() })

export function catalogRoutes(deps: EstimatesDeps): Router {
  const router = express.Router()
  router.get(`${org}/project-types`, async (req, res) => {
    const ctx = orgCtx(req, res, 'access')
    res.json(await listProjectTypes(deps, ctx))
  })
  router.get(`${org}/templates`, async (req, res) => {
    const ctx = orgCtx(req, res, 'access')
    res.json(await listTemplates(deps, ctx, parseQuery(ZTemplateListQuery, req).category))
  })
  router.post(`${org}/templates`, async (req, res) => {
    const ctx = orgCtx(req, res, 'create')
    res.status(201).json(await createTemplate(deps, ctx, parseBody(ZTemplateInput, req)))
  })
  router.put(`${org}/templates/:templateId`, async (req, res) => {
    const ctx = orgCtx(req, res, 'edit')
    res.json(await updateTemplate(deps, ctx, String(req.params.templateId), parseBody(ZTemplateInput, req)))
  })
  router.delete(`${org}/templates/:templateId`, async (req, res) => {
    const ctx = orgCtx(req, res, 'delete')
    await deleteTemplate(deps, ctx, String(req.params.templateId))
    res.status(204).end()
  })
  return router
}
