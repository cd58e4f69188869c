import { adminRoutes } from '@plumbline/contracts/api-routes'
import { catalogueRouter } from '@plumbline/service-kit'
import type { Router } from 'express'
import type { AdminDeps } from '../deps.js'
import { getCompanySettings } from '../usecases/get-company-settings.js'
import { updateCompanySettings } from '../usecases/update-company-settings.js'

/**
 * Company settings. Every member reads them (the estimate screens need the flags and the
 * variance); changing them is managing the organisation, so it takes the team module's edit
 * permission (Owner and Admin have it, Member and Viewer do not).
 */
export function companySettingsRoutes(deps: Pick<AdminDeps, 'prisma' | 'bus' | 'logger'>): Router {
  return catalogueRouter(adminRoutes)
    .on('getCompanySettings', ({ ctx }) => getCompanySettings(deps, ctx))
    .on('putCompanySettings', ({ ctx, body }) => updateCompanySettings(deps, ctx, body)).router
}
