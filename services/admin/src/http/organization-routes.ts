import express, { type Router } from 'express'
import { ZDashboardMetricsQuery, ZOrgIdParam } from '@plumbline/contracts'
import { orgContextOf, parseParams, parseQuery } from '@plumbline/service-kit'
import type { AdminEnv } from '../env.js'
import { getUsage } from '../usecases/get-usage.js'
import { getDashboardMetrics } from '../usecases/get-dashboard-metrics.js'

export function organizationRoutes(env: AdminEnv): Router {
  const router = express.Router()
  router.get('/organizations/:orgId/usage', async (req, res) => {
    const { orgId } = parseParams(ZOrgIdParam, req)
    const ctx = orgContextOf(res, orgId)
    res.json(await getUsage(env, ctx.orgId))
  })
  router.get('/dashboard/metrics', async (req, res) => {
    const { organizationId } = parseQuery(ZDashboardMetricsQuery, req)
    const ctx = orgContextOf(res, organizationId)
    res.json(await getDashboardMetrics(ctx.orgId))
  })
  return router
}
