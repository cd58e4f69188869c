import type { Express } from 'express'
import type { EstimatesDeps } from './deps.js'
import { catalogRoutes } from './http/catalog-routes.js'
import { commentRoutes } from './http/comment-routes.js'
import { contentRoutes } from './http/content-routes.js'
import { estimateRoutes } from './http/estimate-routes.js'
import { phaseRoutes } from './http/phase-routes.js'
import { pricingRoutes } from './http/pricing-routes.js'
import { propertyRoutes } from './http/property-routes.js'
import { publicRoutes } from './http/public-routes.js'
import { revisionRoutes } from './http/revision-routes.js'
import { sectionRoutes } from './http/section-routes.js'
import { sendingRoutes } from './http/sending-routes.js'
import { sharingRoutes } from './http/sharing-routes.js'

export type { EstimatesDeps } from './deps.js'

/**
 * Routes of the estimates service. Services see paths without the gateway's /api prefix:
 * /organizations/:orgId/... (org-scoped) and /public/estimates/:token/... (no sign-in).
 */
export const estimatesRoutes = (deps: EstimatesDeps) => (app: Express) => {
  app.use(catalogRoutes(deps))
  app.use(estimateRoutes(deps))
  app.use(phaseRoutes(deps))
  app.use(contentRoutes(deps))
  app.use(sectionRoutes(deps))
  // ── pricing: markup/tax, property data, sharing, public page, client approval ─────────────
  // (owned by the pricing engineer: one `app.use(xxxRoutes(deps))` line per router, here)
  app.use(pricingRoutes(deps))
  app.use(sharingRoutes(deps))
  app.use(sendingRoutes(deps))
  app.use(commentRoutes(deps))
  app.use(revisionRoutes(deps))
  app.use(publicRoutes(deps))
  app.use(propertyRoutes(deps))
  // ── end pricing ─────────────────────────────────────────────────────────────────────────
}
