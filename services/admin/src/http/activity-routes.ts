import { adminRoutes } from '@plumbline/contracts/api-routes'
import { catalogueRouter } from '@plumbline/service-kit'
import type { Router } from 'express'
import type { AdminDeps } from '../deps.js'
import { listActivities } from '../usecases/list-activities.js'

/** The settings Activity tab: one page (?page=1&limit=50) of the organisation's feed, for any member (what their role may see). */
export function activityRoutes(deps: Pick<AdminDeps, 'prisma'>): Router {
  return catalogueRouter(adminRoutes).on('getActivities', ({ ctx, query }) => listActivities(deps, ctx, query)).router
}
