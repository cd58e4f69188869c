import { adminRoutes } from '@plumbline/contracts/api-routes'
import { catalogueRouter } from '@plumbline/service-kit'
import type { Router } from 'express'
import type { AdminDeps } from '../deps.js'
import { getDashboardMetrics } from '../usecases/get-dashboard-metrics.js'
import { getUsage } from '../usecases/get-usage.js'

/** Sidebar usage bars and dashboard cards: any member of the organisation may read them. */
export function organizationRoutes(deps: Pick<AdminDeps, 'prisma' | 'env'>): Router {
  return catalogueRouter(adminRoutes)
    .on('getUsage', ({ ctx }) => getUsage(deps, ctx))
    .on('getDashboardMetrics', ({ ctx }) => getDashboardMetrics(deps, ctx)).router
}
