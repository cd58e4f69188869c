import { assertRouteMatrix, claimsFor, fillPath, type MatrixRequest, signedRequest } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AiTestService, newOrgId, startAiTestService } from '../support/ai-test-service.js'
import { ALL_ROUTES, createVictim, fillBody, ORG_ROUTES } from '../support/matrix-routes.js'

// Cross-tenant matrix (DESIGN §3): a member of another organisation gets 404 on every route
// and changes nothing, whether it names the victim organisation (what the gateway already
// refuses) or its own organisation with the victim's estimate and job ids (what only the
// service's own scoping, and the estimates service's document lookup, can refuse).

let svc: AiTestService
let victim: Record<string, string>
const attackerOrg = newOrgId()

async function snapshot() {
  const p = svc.deps.prisma
  return {
    jobs: await p.aiJob.findMany({ where: { organizationId: victim.orgId }, orderBy: { id: 'asc' } }),
    chat: await p.chatMessage.findMany({ where: { organizationId: victim.orgId }, orderBy: { id: 'asc' } }),
    events: await p.outboxEvent.count({ where: { payload: { path: ['orgId'], equals: victim.orgId } } }),
    attackerJobs: await p.aiJob.count({ where: { organizationId: attackerOrg } }),
    attackerChat: await p.chatMessage.count({ where: { organizationId: attackerOrg } }),
  }
}

beforeAll(async () => {
  svc = await startAiTestService()
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
  it('naming the victim organisation: 404 on every route and nothing changes', async () => {
    await assertRouteMatrix({ routes: ALL_ROUTES, params: victim, asOtherOrgMember: asAttacker, snapshot })
  })

  it("the victim's estimate and job ids under the attacker's own organisation: 404 and nothing changes", async () => {
    await assertRouteMatrix({ routes: ORG_ROUTES, params: { ...victim, orgId: attackerOrg }, asOtherOrgMember: asAttacker, snapshot })
  })

  it('the victim itself can use every read route (the matrix is not vacuous)', async () => {
    for (const r of ALL_ROUTES.filter((x) => x.method === 'GET')) {
      const res = await signedRequest(svc.base, claimsFor(victim.orgId), 'GET', fillPath(r.path, victim))
      expect(res.status, `${r.method} ${r.path}`).toBe(200)
    }
    const chat = await signedRequest(svc.base, claimsFor(victim.orgId), 'GET', fillPath(ORG_ROUTES[4].path, victim))
    expect(chat.body).toHaveLength(1)
  })
})
