import type { OrgRouteSpec } from '@plumbline/testing'
import type { EstimatesTestService } from './estimates-test-service.js'

// ── Owned by the pricing engineer ──────────────────────────────────────────────────────────
// Org-scoped routes of markup/tax, property data and sharing, for the cross-tenant matrix and
// the fuzz test (test/integration/route-matrix.test.ts, fuzz.test.ts). Path params other than
// the core ones (:id, :sectionId, :itemId, :linkId, :phaseId, :templateId) come from
// createVictim, which creates the victim organisation's pricing objects.
export const pricingMatrix: {
  routes: OrgRouteSpec[]
  createVictim?: (svc: EstimatesTestService, orgId: string, core: Record<string, string>) => Promise<Record<string, string>>
} = {
  routes: [],
}
