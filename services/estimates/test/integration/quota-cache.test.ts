import { QuotaSubjects, RequestSubjects } from '@plumbline/contracts'
import { reply } from '@plumbline/messaging'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type EstimatesTestService, estimatePayload, newOrgId, startEstimatesTestService } from '../support/estimates-test-service.js'

// Creates against service-kit's kept quota answers (issue 15). The admin stand-in has counted
// nothing (its events are not consumed here): the worst case of admin counting from events late.
let svc: EstimatesTestService
beforeAll(async () => {
  svc = await startEstimatesTestService()
})
afterAll(async () => {
  await svc?.close()
})

it('with a limit of N, exactly N of many concurrent creates succeed, and kept answers spare admin the questions', async () => {
  const orgId = newOrgId()
  let limit = 5
  const asked: unknown[] = []
  const replier = reply(svc.deps.bus, RequestSubjects.quotaCheck, async (data) => {
    asked.push(data)
    return { allowed: limit === -1 || limit > 0, used: 0, limit }
  })
  try {
    const results = await Promise.all(Array.from({ length: 12 }, () => svc.as(orgId)('POST', '/estimates', estimatePayload())))
    expect(results.filter((r) => r.status === 201)).toHaveLength(5)
    for (const r of results.filter((r) => r.status !== 201)) expect(r.body).toMatchObject({ status: 429, code: 'ESTIMATE_LIMIT_REACHED' })
    expect(await svc.deps.prisma.estimate.count({ where: { organizationId: orgId } })).toBe(5)
    expect(asked.length).toBeLessThan(12)

    // Admin's notice of a changed limit drops the kept answer; unlimited, then one question for many creates.
    limit = -1
    svc.deps.bus.nc.publish(svc.deps.bus.subject(QuotaSubjects.limitsChanged), JSON.stringify({ orgId }))
    await svc.deps.bus.nc.flush()
    const before = asked.length
    for (let i = 0; i < 3; i++) expect((await svc.as(orgId)('POST', '/estimates', estimatePayload())).status).toBe(201)
    expect(asked.length).toBe(before + 1)
  } finally {
    await replier.stop()
  }
})

it('trusts admin’s figure again once its own grants are old, so actions admin never counted do not hold slots', async () => {
  const orgId = newOrgId()
  // Admin has counted none of them: as if each create had failed after it was allowed.
  const replier = reply(svc.deps.bus, RequestSubjects.quotaCheck, async () => ({ allowed: true, used: 0, limit: 2 }))
  try {
    const create = () => svc.as(orgId)('POST', '/estimates', estimatePayload())
    expect((await create()).status).toBe(201)
    expect((await create()).status).toBe(201)
    // Within the counting delay this process's grants count on top of admin's figure…
    expect((await create()).status).toBe(429)
    // …and after it admin's figure decides (the old grants are counted there or never will be).
    await new Promise((r) => setTimeout(r, 2_100))
    expect((await create()).status).toBe(201)
  } finally {
    await replier.stop()
  }
})

it('a create or clone that fails after its quota check gives the grant back, so the last slot is still there', async () => {
  const orgId = newOrgId()
  // One slot, and admin counts nothing: a grant kept by a failed create would refuse the next one.
  const replier = reply(svc.deps.bus, RequestSubjects.quotaCheck, async () => ({ allowed: true, used: 0, limit: 1 }))
  try {
    const api = svc.as(orgId)
    const badType = await api('POST', '/estimates', estimatePayload({ projectTypeId: '00000000-0000-4000-8000-000000000000' }))
    expect(badType.status).toBe(400)
    expect((await api('POST', `/estimates/${crypto.randomUUID()}/clone`)).status).toBe(404)
    expect((await api('POST', '/estimates', estimatePayload())).status).toBe(201)
    expect((await api('POST', '/estimates', estimatePayload())).body).toMatchObject({ status: 429, code: 'ESTIMATE_LIMIT_REACHED' })
    expect(await svc.deps.prisma.estimate.count({ where: { organizationId: orgId } })).toBe(1)
  } finally {
    await replier.stop()
  }
})
