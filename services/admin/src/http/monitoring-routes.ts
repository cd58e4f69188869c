import { adminRoutes } from '@plumbline/contracts/api-routes'
import { catalogueRouter } from '@plumbline/service-kit'
import type { Router } from 'express'
import type { AdminDeps } from '../deps.js'
import { getDetailedHealth } from '../monitoring/detailed-health.js'
import { getMonitoringMetrics } from '../monitoring/monitoring-metrics.js'

/**
 * GET /health/detailed and GET /health/metrics (spec 001 §7), platform admins only: the gateway
 * answers 403 to others already, and the catalogue's `admin` access checks again here.
 */
export function monitoringRoutes(deps: AdminDeps): Router {
  return catalogueRouter(adminRoutes)
    .on('getHealthDetailed', async () => (await getDetailedHealth(deps)).health)
    .on('getHealthMetrics', () => getMonitoringMetrics(deps)).router
}
