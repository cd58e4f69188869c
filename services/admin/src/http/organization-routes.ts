import { ZDashboardMetricsQuery, ZOrgIdParam } from '@plumbline/contracts'
import { orgContextOf, parseParams, parseQuery } from '@plumbline/service-kit'
import express, { type Router } from 'express'
import type { AdminDeps } from '../deps.js'
import { getDashboardMetrics } from '../usecases/get-dashboard-metrics.js'
import { getUsage } from '../usecases/get-usage.js'

/** Sidebar usage bars and dashboard cards: any member of the organisation may read them. */
export function organizationRoutes(deps: Pick<AdminDeps, 'prisma' | 'env'>): Router {
  const router = express.Router()
  router.get('/organizations/:orgId/usage', async (req, res) => {
    const { orgId } = parseParams(ZOrgIdParam, req)
    const ctx = orgContextOf(res, orgId)
    res.json(await getUsage(deps.prisma, deps.env, ctx.orgId))
  })
  router.get('/dashboard/metrics', async (req, res) => {
    const { organizationId } = parseQuery(ZDashboardMetricsQuery, req)
    const ctx = orgContextOf(res, organizationId)
    res.json(await getDashboardMetrics(deps.prisma, ctx.orgId))
  })
  return router
}
