import type { OrgRouteSpec } from '@plumbline/testing'
import type { EstimatesTestService } from './estimates-test-service.js'

// ── Owned by the pricing engineer ──────────────────────────────────────────────────────────
// Org-scoped routes of markup/tax, pricing selection and totals, sharing and reopen, for the
// cross-tenant matrix and the fuzz test (test/integration/route-matrix.test.ts, fuzz.test.ts).
// Path params other than the core ones (:id, :sectionId, :itemId, :linkId, :phaseId,
// :templateId) come from createVictim: :markupId and :taxId. The pricing routes also have their
// own, more detailed matrix in test/integration/route-matrix-pricing.test.ts.
const org = '/organizations/:orgId'
const estimate = `${org}/estimates/:id`

export const pricingMatrix: {
  routes: OrgRouteSpec[]
  createVictim?: (svc: EstimatesTestService, orgId: string, core: Record<string, string>) => Promise<Record<string, string>>
} = {
  routes: [
    { method: 'GET', path: `${org}/markup-profiles` },
    { method: 'GET', path: `${org}/markup-profiles?estimateId=:id` },
    { method: 'POST', path: `${org}/markup-profiles`, body: { name: 'Hijacked', estimateId: ':id', isDefault: true } },
    { method: 'PUT', path: `${org}/markup-profiles/:markupId`, body: { name: 'Hijacked', overheadPercentage: 99 } },
    { method: 'DELETE', path: `${org}/markup-profiles/:markupId` },
    { method: 'GET', path: `${org}/taxes` },
    { method: 'GET', path: `${org}/taxes?estimateId=:id` },
    { method: 'POST', path: `${org}/taxes`, body: { name: 'Hijacked', rate: 0.5, estimateId: ':id', isDefault: true } },
    { method: 'PUT', path: `${org}/taxes/:taxId`, body: { name: 'Hijacked', rate: 0.5 } },
    { method: 'DELETE', path: `${org}/taxes/:taxId` },
    { method: 'GET', path: `${estimate}/totals` },
    { method: 'GET', path: `${estimate}/pricing` },
    { method: 'PUT', path: `${estimate}/pricing`, body: { markupProfileId: ':markupId', taxProfileIds: [':taxId'] } },
    { method: 'POST', path: `${estimate}/share` },
    { method: 'DELETE', path: `${estimate}/share` },
    { method: 'POST', path: `${estimate}/reopen` },
  ],
  /** A markup and a tax profile selected for the estimate, and a live share link. */
  createVictim: async (svc, orgId, core) => {
    const api = svc.as(orgId)
    const markup = await api('POST', '/markup-profiles', { name: 'Victim markup', overheadPercentage: 10, isDefault: true })
    const tax = await api('POST', '/taxes', { name: 'Victim tax', rate: 0.08 })
    if (markup.status !== 201 || tax.status !== 201) throw new Error(`pricing victim: ${markup.status} ${tax.status}`)
    const select = await api('PUT', `/estimates/${core.id}/pricing`, { markupProfileId: markup.body.id, taxProfileIds: [tax.body.id] })
    const share = await api('POST', `/estimates/${core.id}/share`)
    if (select.status !== 200 || share.status !== 201) throw new Error(`pricing victim: ${select.status} ${share.status}`)
    return { markupId: markup.body.id, taxId: tax.body.id }
  },
}
