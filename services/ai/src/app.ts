import type { Express } from 'express'
import type { AiDeps } from './deps.js'
import { aiRoutes } from './http/ai-routes.js'
import { jobRoutes } from './http/job-routes.js'
import { sectionRoutes } from './http/section-routes.js'

export type { AiDeps } from './deps.js'

/**
 * Routes of the ai service (paths without the gateway's /api prefix): /ai/generate-content and
 * /ai/provider, and under /organizations/:orgId the generate-all job, its status and cancel,
 * one-section generation and the section chat.
 */
export const aiServiceRoutes = (deps: AiDeps) => (app: Express) => {
  app.use(aiRoutes(deps))
  app.use(jobRoutes(deps))
  app.use(sectionRoutes(deps))
}
