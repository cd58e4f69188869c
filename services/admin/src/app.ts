import type { Express } from 'express'
import type { AdminDeps } from './deps.js'
import { activityRoutes } from './http/activity-routes.js'
import { companySettingsRoutes } from './http/company-settings-routes.js'
import { monitoringRoutes } from './http/monitoring-routes.js'
import { notificationRoutes } from './http/notification-routes.js'
import { organizationRoutes } from './http/organization-routes.js'
import { platformAdminRoutes } from './http/platform-admin-routes.js'

export type { AdminDeps } from './deps.js'

/** Routes of the admin service; services see paths without the gateway's /api prefix. */
export const adminRoutes = (deps: AdminDeps) => (app: Express) => {
  app.use(organizationRoutes(deps))
  app.use(companySettingsRoutes(deps))
  app.use(activityRoutes(deps))
  app.use(notificationRoutes(deps))
  app.use(platformAdminRoutes(deps))
  app.use(monitoringRoutes(deps))
}
