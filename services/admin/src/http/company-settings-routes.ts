import { ZCompanySettingsPatch, ZOrgIdParam } from '@plumbline/contracts'
import { orgContextOf, parseBody, parseParams, requirePermission } from '@plumbline/service-kit'
import express, { type Router } from 'express'
import type { AdminDeps } from '../deps.js'
import { getCompanySettings } from '../usecases/get-company-settings.js'
import { updateCompanySettings } from '../usecases/update-company-settings.js'

/**
 * Company settings. Every member reads them (the estimate screens need the flags and the
 * variance); changing them is managing the organisation, so it takes the team module's edit
 * permission (Owner and Admin have it, Member and Viewer do not).
 */
export function companySettingsRoutes(deps: Pick<AdminDeps, 'prisma' | 'bus' | 'logger'>): Router {
  const router = express.Router()
  router.get('/organizations/:orgId/company-settings', async (req, res) => {
    const { orgId } = parseParams(ZOrgIdParam, req)
    const ctx = orgContextOf(res, orgId)
    res.json(await getCompanySettings(deps.prisma, ctx.orgId))
  })
  router.put('/organizations/:orgId/company-settings', async (req, res) => {
    const { orgId } = parseParams(ZOrgIdParam, req)
    const ctx = orgContextOf(res, orgId)
    requirePermission(ctx, 'team', 'edit')
    const patch = parseBody(ZCompanySettingsPatch, req)
    res.json(await updateCompanySettings(deps, { orgId: ctx.orgId, userId: ctx.userId }, patch))
  })
  return router
}
