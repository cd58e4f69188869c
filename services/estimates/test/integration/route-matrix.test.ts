import { assertRouteMatrix, claimsFor, fillPath, type MatrixRequest, signedRequest } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EstimatesTestService, newOrgId, startEstimatesTestService } from '../support/estimates-test-service.js'
import { ALL_ROUTES, createVictim, fillBody } from '../support/matrix-routes.js'

// Cross-tenant matrix (DESIGN §3): a signed-in member of another organisation gets 404 on
// every org-scoped route and changes nothing, whether it names the victim organisation in the
// path (what the gateway already refuses) or its own organisation with the victim's object ids
// (what only the service's own scoping can refuse).

let svc: EstimatesTestService
let victim: Record<string, string>
const attackerOrg = newOrgId()

const ORG_TABLES = [
  'estimate',
  'estimatePhase',
  'contentSection',
  'contentLink',
  'section',
  'lineItem',
  'template',
  'templateSection',
  'templateLineItem',
  'projectType',
  'phaseGroup',
  'phaseGroupPhase',
  'projectTypePhaseGroup',
  'markupProfile',
  'taxProfile',
  'estimateMarkupSelection',
  'estimateTaxSelection',
  'shareLink',
  'estimateApproval',
  'estimateSend',
  'estimateTimelineEntry',
  'estimateComment',
  'estimateRevision',
  'idempotencyKey',
] as const

async function snapshot() {
  const db = svc.deps.prisma as unknown as Record<string, { findMany: (args: unknown) => Promise<unknown[]> }>
  const tables: Record<string, unknown[]> = {}
  for (const t of ORG_TABLES) tables[t] = await db[t].findMany({ where: { organizationId: victim.orgId } })
  for (const rows of Object.values(tables)) (rows as { id?: string }[]).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))
  const events = await svc.deps.prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM outbox_events WHERE payload->>'orgId' = ${victim.orgId}`
  return { tables, events: events[0].n }
}

beforeAll(async () => {
  svc = await startEstimatesTestService()
  victim = await createVictim(svc, newOrgId())
  await createVictim(svc, attackerOrg)
})
afterAll(async () => {
  await svc?.close()
})

const asAttacker = async (req: MatrixRequest) => {
  const res = await signedRequest(svc.base, claimsFor(attackerOrg), req.method, req.path, req.body === undefined ? undefined : fillBody(req.body, victim))
  return { status: res.status, body: res.body }
}

describe('cross-tenant route matrix', () => {
  it('every route covers the victim org in the path: 404 and nothing changes', async () => {
    await assertRouteMatrix({ routes: ALL_ROUTES, params: victim, asOtherOrgMember: asAttacker, snapshot })
  })

  it("routes naming an object: the victim's ids under the attacker's own organisation are 404 and change nothing", async () => {
    const refersToObject = (v: unknown): boolean =>
      typeof v === 'string'
        ? v.startsWith(':')
        : Array.isArray(v)
          ? v.some(refersToObject)
          : !!v && typeof v === 'object' && Object.values(v).some(refersToObject)
    const withObjects = ALL_ROUTES.filter((r) => /:(?!orgId\b)\w+/.test(r.path) || refersToObject(r.body))
    expect(withObjects.length).toBeGreaterThanOrEqual(19)
    await assertRouteMatrix({ routes: withObjects, params: { ...victim, orgId: attackerOrg }, asOtherOrgMember: asAttacker, snapshot })
  })

  it('the victim itself can use every route (the matrix is not vacuous)', async () => {
    // The approval record exists only once the client has approved (signed-approval.test.ts), the
    // share settings only while sharing is on (link-governance.test.ts).
    const reads = ALL_ROUTES.filter((r) => r.method === 'GET' && !r.path.endsWith('/approval') && !r.path.endsWith('/share'))
    for (const r of reads) {
      const res = await signedRequest(svc.base, claimsFor(victim.orgId), 'GET', fillPath(r.path, victim))
      expect(res.status, `${r.method} ${r.path}`).toBe(200)
    }
  })
})
