import { assertRouteMatrix, claimsFor, fillPath, type MatrixRequest, signedRequest } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DocumentsTestService, newOrgId, startDocumentsTestService } from '../support/documents-test-service.js'
import { ALL_ROUTES, createVictim, forgedFor } from '../support/victim.js'

// Cross-tenant matrix (DESIGN §3): a member of another organisation gets 404 on every route and
// changes nothing, whether it names the victim organisation (what the gateway already refuses)
// or its own organisation with the victim's object ids (what only this service can refuse).

let svc: DocumentsTestService
let victim: Record<string, string>
const attackerOrg = newOrgId()

async function snapshot() {
  const files = await svc.deps.prisma.storedFile.findMany({ where: { organizationId: victim.orgId }, orderBy: { id: 'asc' } })
  const events = await svc.deps.prisma.outboxEvent.count()
  return { files, events, logoCalls: svc.standIns.logoCalls.filter((c) => c.orgId === victim.orgId).length }
}

const asAttacker = async (req: MatrixRequest) => {
  const res = await signedRequest(svc.base, claimsFor(attackerOrg), req.method, req.path, req.body)
  return { status: res.status, body: res.body }
}

beforeAll(async () => {
  svc = await startDocumentsTestService()
  victim = await createVictim(svc, newOrgId())
  await createVictim(svc, attackerOrg)
})
afterAll(async () => {
  await svc?.close()
})

describe('cross-tenant route matrix', () => {
  it('every route naming the victim organisation: 404 and nothing changes', async () => {
    await assertRouteMatrix({ routes: ALL_ROUTES, params: victim, asOtherOrgMember: asAttacker, snapshot })
  })

  it("the victim's object ids under the attacker's own organisation: 404 and nothing changes", async () => {
    const withObjects = ALL_ROUTES.filter((r) => /:(estimateId|fileId)/.test(r.path))
    expect(withObjects).toHaveLength(2)
    await assertRouteMatrix({ routes: withObjects, params: forgedFor(svc, victim, attackerOrg), asOtherOrgMember: asAttacker, snapshot })
  })

  it('the victim itself can use the read routes (the matrix is not vacuous)', async () => {
    for (const r of ALL_ROUTES.filter((x) => x.method === 'GET')) {
      const res = await signedRequest(svc.base, claimsFor(victim.orgId), 'GET', fillPath(r.path, victim))
      expect(res.status, r.path).toBe(200)
    }
  })
})
