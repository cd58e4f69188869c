import { ErrorCode, isPlatformAdmin } from '@plumbline/contracts'
import { AppError, contextOf } from '@plumbline/service-kit'
import express, { type RequestHandler, type Router } from 'express'
import type { AdminDeps } from '../deps.js'
import { getDetailedHealth } from '../monitoring/detailed-health.js'
import { getMonitoringMetrics } from '../monitoring/monitoring-metrics.js'

/** The gateway answers 403 to non-admins already; checked again so nothing reaches here around it. */
const requirePlatformAdmin: RequestHandler = (_req, res, next) => {
  if (!isPlatformAdmin(contextOf(res).systemRole)) throw new AppError(403, ErrorCode.FORBIDDEN, 'Admin access required')
  next()
}

/** GET /health/detailed and GET /health/metrics (spec 001 §7), platform admins only. */
export function monitoringRoutes(deps: AdminDeps): Router {
  const router = express.Router()
  router.use('/health', requirePlatformAdmin)
  router.get('/health/detailed', async (_req, res) => {
    res.json((await getDetailedHealth(deps)).health)
  })
  router.get('/health/metrics', async (_req, res) => {
    res.json(await getMonitoringMetrics(deps, deps.monitoringHistory))
  })
  return router
}
