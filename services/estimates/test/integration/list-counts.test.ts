import { ZEstimateListResponse } from '@plumbline/contracts'
import { type Api, seededRandom } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createEstimate,
  type EstimatesTestService,
  estimatePayload,
  newOrgId,
  REMODELING,
  ROOFING,
  startEstimatesTestService,
} from '../support/estimates-test-service.js'

// The list's total without search or dates comes from estimate_counts, which a trigger keeps
// (migration …_estimate_counts). Whatever happens to the estimates, through the API or straight
// in SQL, the total must equal a real count of the live rows for every filter.

let svc: EstimatesTestService

beforeAll(async () => {
  svc = await startEstimatesTestService()
})
afterAll(async () => {
  await svc?.close()
})

const STATUSES = ['draft', 'pending', 'approved', 'rejected'] as const
const TYPES = [ROOFING, REMODELING] as const

async function listTotal(api: Api, query: Record<string, string>): Promise<number> {
  const res = await api('GET', `/estimates?${new URLSearchParams(query)}`)
  expect(res.status, res.text).toBe(200)
  return ZEstimateListResponse.parse(res.body).total
}

async function realCount(orgId: string, status: string, type: string): Promise<number> {
  return svc.deps.prisma.estimate.count({
    where: { organizationId: orgId, deletedAt: null, ...(status === 'all' ? {} : { status }), ...(type === 'all' ? {} : { projectTypeId: type }) },
  })
}

async function expectTotalsMatch(orgId: string) {
  const api = svc.as(orgId)
  for (const status of ['all', ...STATUSES]) {
    for (const type of ['all', ROOFING, REMODELING]) {
      const expected = await realCount(orgId, status, type)
      expect(await listTotal(api, { status, projectTypeId: type }), `${status} / ${type}`).toBe(expected)
    }
  }
}

describe('list totals from estimate_counts', () => {
  it('follow creates, status and type changes, deletes and SQL writes, for every filter', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const random = seededRandom(20261122)
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!
    const live: string[] = []
    for (let step = 0; step < 60; step++) {
      const roll = random()
      if (roll < 0.4 || live.length === 0) {
        live.push((await createEstimate(api, { projectTypeId: pick(TYPES), projectName: `Step ${step}` })).id)
      } else if (roll < 0.6) {
        expect((await api('PATCH', `/estimates/${pick(live)}/status`, { status: pick(STATUSES) })).status).toBe(200)
      } else if (roll < 0.75) {
        const id = pick(live)
        const res = await api('PUT', `/estimates/${id}`, estimatePayload({ projectTypeId: pick(TYPES), projectName: `Retyped ${step}` }))
        expect([200, 409], res.text).toContain(res.status) // 409: approved estimates are locked
      } else if (roll < 0.9) {
        const id = live.splice(Math.floor(random() * live.length), 1)[0]!
        expect((await api('DELETE', `/estimates/${id}`)).status).toBe(204)
      } else {
        // Writes that bypass the service entirely: a hard delete, a soft delete undone, and a
        // project type cleared (what deleting an organisation's own type does: SET NULL).
        const id = live.splice(Math.floor(random() * live.length), 1)[0]!
        await svc.deps.prisma.$executeRaw`DELETE FROM estimates WHERE id = ${id}::uuid`
        const other = pick(live)
        if (other) {
          await svc.deps.prisma.estimate.update({ where: { id: other }, data: { deletedAt: new Date() } })
          await svc.deps.prisma.estimate.update({ where: { id: other }, data: { deletedAt: null, projectTypeId: null } })
        }
      }
    }
    await expectTotalsMatch(orgId)
    // Another organisation's estimates never leak into these totals.
    await createEstimate(svc.as(newOrgId()), { projectTypeId: ROOFING })
    await expectTotalsMatch(orgId)
  }, 120_000)

  it('stay exact under concurrent creates and status changes', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const created = await Promise.all(Array.from({ length: 24 }, (_, i) => createEstimate(api, { projectTypeId: i % 2 ? ROOFING : REMODELING })))
    await Promise.all(created.slice(0, 12).map((e, i) => api('PATCH', `/estimates/${e.id}/status`, { status: i % 3 ? 'pending' : 'rejected' })))
    await expectTotalsMatch(orgId)
    expect(await listTotal(api, { status: 'all' })).toBe(24)
  }, 60_000)

  it('an unknown project type id totals 0', async () => {
    const orgId = newOrgId()
    await createEstimate(svc.as(orgId))
    expect(await listTotal(svc.as(orgId), { projectTypeId: 'not-a-uuid' })).toBe(0)
  })
})
