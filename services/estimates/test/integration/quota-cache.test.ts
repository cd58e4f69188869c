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
