import { assertRouteMatrix, claimsFor, fillPath, type OrgRouteSpec, signedRequest } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEstimate, newOrgId } from '../support/estimates-test-service.js'
import { createProfile, type PricingTestService, sharedEstimate, startPricingService } from '../support/pricing-fixtures.js'

// The cross-tenant route matrix for the pricing engineer's org-scoped routes (markup and tax
// profiles, pricing selection and totals, sharing, reopen). A new route must be added here.

let svc: PricingTestService
const VICTIM = newOrgId()
const ATTACKER = newOrgId()
const ids: Record<string, string> = {}

beforeAll(async () => {
  svc = await startPricingService()
  const victim = svc.as(VICTIM)
  // An estimate the client approved (locked; reopen would change it) and one still being priced.
  const locked = await sharedEstimate(victim)
  const approve = await svc.publicCall('POST', locked.token, '/approve', { signerName: 'Victim Client', consent: true })
  if (approve.status !== 200) throw new Error(`approve: ${approve.status} ${approve.text}`)
  const open = await sharedEstimate(victim)
  ids.lockedEstimateId = locked.estimate.id
  ids.estimateId = open.estimate.id
  ids.markupId = (await createProfile(victim, 'markup-profiles', { name: 'Victim markup', overheadPercentage: 20, isDefault: true })).id
  ids.taxId = (await createProfile(victim, 'taxes', { name: 'Victim tax', rate: 0.08, isDefault: true })).id
  ids.estimateMarkupId = (await createProfile(victim, 'markup-profiles', { name: 'Victim job markup', estimateId: open.estimate.id })).id
  const select = await victim('PUT', `/estimates/${open.estimate.id}/pricing`, { markupProfileId: ids.markupId, taxProfileIds: [ids.taxId] })
  if (select.status !== 200) throw new Error(`select: ${select.status} ${select.text}`)
  // The attacker has an estimate of their own, to aim victim profile ids at.
  ids.attackerEstimateId = (await createEstimate(svc.as(ATTACKER))).id
})
afterAll(async () => {
  await svc?.close()
})

const org = '/organizations/:orgId'
const est = `${org}/estimates/:estimateId`

/** Every org-scoped route of ours, aimed at the victim organisation. Deletions last (see the sanity check). */
const ROUTES: OrgRouteSpec[] = [
  { method: 'GET', path: `${org}/markup-profiles` },
  { method: 'GET', path: `${org}/markup-profiles?estimateId=:estimateId` },
  { method: 'POST', path: `${org}/markup-profiles`, body: { name: 'Pwned', isDefault: true } },
  { method: 'PUT', path: `${org}/markup-profiles/:markupId`, body: { name: 'Pwned', isDefault: true } },
  { method: 'GET', path: `${org}/taxes` },
  { method: 'GET', path: `${org}/taxes?estimateId=:estimateId` },
  { method: 'POST', path: `${org}/taxes`, body: { name: 'Pwned', rate: 0.5, isDefault: true } },
  { method: 'PUT', path: `${org}/taxes/:taxId`, body: { name: 'Pwned', rate: 0.5 } },
  { method: 'GET', path: `${est}/totals` },
  { method: 'GET', path: `${est}/pricing` },
  { method: 'PUT', path: `${est}/pricing`, body: { markupProfileId: null, taxProfileIds: [] } },
  { method: 'POST', path: `${est}/share` },
  { method: 'POST', path: `${org}/estimates/:lockedEstimateId/reopen` },
  { method: 'DELETE', path: `${est}/share` },
  { method: 'DELETE', path: `${org}/markup-profiles/:markupId` },
  { method: 'DELETE', path: `${org}/taxes/:taxId` },
]

/**
 * The attacker's OWN organisation in the path, with the victim's object ids (in the path or the
 * body): tenancy must hold per object, not only per path.
 */
const OWN_PATH_ROUTES = (): OrgRouteSpec[] => [
  { method: 'GET', path: `${org}/markup-profiles?estimateId=${ids.estimateId}` },
  { method: 'POST', path: `${org}/markup-profiles`, body: { name: 'Pwned', estimateId: ids.estimateId } },
  { method: 'PUT', path: `${org}/markup-profiles/${ids.markupId}`, body: { name: 'Pwned' } },
  { method: 'DELETE', path: `${org}/markup-profiles/${ids.estimateMarkupId}` },
  { method: 'GET', path: `${org}/taxes?estimateId=${ids.estimateId}` },
  { method: 'POST', path: `${org}/taxes`, body: { name: 'Pwned', rate: 0.5, estimateId: ids.estimateId } },
  { method: 'PUT', path: `${org}/taxes/${ids.taxId}`, body: { name: 'Pwned', rate: 0.5 } },
  { method: 'DELETE', path: `${org}/taxes/${ids.taxId}` },
  { method: 'GET', path: `${org}/estimates/${ids.estimateId}/totals` },
  { method: 'GET', path: `${org}/estimates/${ids.estimateId}/pricing` },
  { method: 'PUT', path: `${org}/estimates/${ids.estimateId}/pricing`, body: { markupProfileId: null, taxProfileIds: [] } },
  { method: 'PUT', path: `${org}/estimates/${ids.attackerEstimateId}/pricing`, body: { markupProfileId: ids.markupId, taxProfileIds: [] } },
  { method: 'PUT', path: `${org}/estimates/${ids.attackerEstimateId}/pricing`, body: { markupProfileId: null, taxProfileIds: [ids.taxId] } },
  { method: 'POST', path: `${org}/estimates/${ids.estimateId}/share` },
  { method: 'DELETE', path: `${org}/estimates/${ids.estimateId}/share` },
  { method: 'POST', path: `${org}/estimates/${ids.lockedEstimateId}/reopen` },
]

/** Everything of the victim's that a route could read or change. */
async function victimState() {
  const p = svc.deps.prisma
  const where = { organizationId: VICTIM }
  return Promise.all([
    p.estimate.findMany({ where, orderBy: { id: 'asc' } }),
    p.markupProfile.findMany({ where, orderBy: { id: 'asc' } }),
    p.taxProfile.findMany({ where, orderBy: { id: 'asc' } }),
    p.estimateMarkupSelection.findMany({ where, orderBy: { estimateId: 'asc' } }),
    p.estimateTaxSelection.findMany({ where, orderBy: [{ estimateId: 'asc' }, { taxProfileId: 'asc' }] }),
    p.shareLink.findMany({ where, orderBy: { id: 'asc' } }),
    p.estimateApproval.findMany({ where, orderBy: { id: 'asc' } }),
    p.outboxEvent.count({ where: { payload: { path: ['orgId'], equals: VICTIM } } }),
  ])
}

const asAttacker = async ({ method, path, body }: { method: string; path: string; body?: unknown }) => {
  const res = await signedRequest(svc.base, claimsFor(ATTACKER), method, path, body)
  return { status: res.status, body: res.body }
}

describe('cross-tenant route matrix (pricing routes)', () => {
  it('a member of another organisation gets 404 on every route aimed at the victim organisation, and nothing changes', async () => {
    const [estimates, markups, taxes, , , links, approvals, events] = await victimState()
    // The snapshot really sees the victim's data (an empty snapshot would prove nothing).
    expect([estimates.length, markups.length, taxes.length, links.length, approvals.length]).toEqual([2, 2, 1, 2, 1])
    expect(events).toBeGreaterThan(0)
    await assertRouteMatrix({ routes: ROUTES, params: { orgId: VICTIM, ...ids }, asOtherOrgMember: asAttacker, snapshot: victimState })
  })

  it("the victim's object ids under the attacker's own organisation are 404 too, and nothing of the victim changes", async () => {
    await assertRouteMatrix({ routes: OWN_PATH_ROUTES(), params: { orgId: ATTACKER }, asOtherOrgMember: asAttacker, snapshot: victimState })
  })
})

describe('the same routes for the victim organisation itself', () => {
  it('succeed, so the 404s above are about tenancy and not a broken route', async () => {
    for (const route of ROUTES) {
      const res = await signedRequest(
        svc.base,
        claimsFor(VICTIM),
        route.method,
        fillPath(route.path, { orgId: VICTIM, ...ids }),
        route.method === 'GET' ? undefined : route.body,
      )
      expect(res.status, `${route.method} ${route.path}: ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(200)
      expect(res.status, `${route.method} ${route.path}: ${res.text.slice(0, 200)}`).toBeLessThan(300)
    }
  })
})
