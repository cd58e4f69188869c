import type { Estimate } from '@plumbline/contracts'
import { ZEstimateListResponse } from '@plumbline/contracts'
import type { Api } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEstimate, type EstimatesTestService, newOrgId, REMODELING, startEstimatesTestService } from '../support/estimates-test-service.js'

let svc: EstimatesTestService
let orgId: string
let api: Api
const ids: Record<string, string> = {}

beforeAll(async () => {
  svc = await startEstimatesTestService()
  orgId = newOrgId()
  api = svc.as(orgId)
  const rows = [
    { key: 'a', projectName: 'Alpha Roof', clientName: 'Zoe Adams', propertyAddress: '1 Oak Ave, Austin, TX', totalCost: '500.00' },
    {
      key: 'b',
      projectName: 'Bravo Kitchen',
      clientName: 'Yuri Baker',
      propertyAddress: '2 Pine St, Boston, MA',
      totalCost: '25000.00',
      projectTypeId: REMODELING,
    },
    { key: 'c', projectName: 'Charlie 100% Deck_Repair', clientName: 'Xena Clark', propertyAddress: '3 Birch Rd, Chicago, IL', totalCost: '7000.00' },
    {
      key: 'd',
      projectName: 'Delta Siding',
      clientName: 'Walt Davis',
      propertyAddress: '4 Cedar Ln, Denver, CO',
      totalCost: '12000.00',
      projectTypeId: REMODELING,
    },
    { key: 'e', projectName: 'Echo Gutters', clientName: 'Vera Evans', propertyAddress: '5 Maple Ct, El Paso, TX', totalCost: '900.00' },
  ]
  for (const { key, ...r } of rows) ids[key] = (await createEstimate(api, r)).id
  // Spread creation dates: a on 2025-01-01 … e on 2025-01-05 (midday and late evening UTC).
  for (const [i, key] of ['a', 'b', 'c', 'd', 'e'].entries()) {
    const createdAt = new Date(Date.UTC(2025, 0, i + 1, i % 2 ? 23 : 12, 59, 59))
    await svc.deps.prisma.estimate.update({ where: { id: ids[key] }, data: { createdAt, updatedAt: new Date(Date.UTC(2025, 1, 10 - i)) } })
  }
  await api('PATCH', `/estimates/${ids.b}/status`, { status: 'pending' })
  await svc.deps.prisma.estimate.update({ where: { id: ids.b }, data: { updatedAt: new Date(Date.UTC(2025, 1, 9)) } })
  await api('PATCH', `/estimates/${ids.d}/status`, { status: 'approved' })
  await svc.deps.prisma.estimate.update({ where: { id: ids.d }, data: { updatedAt: new Date(Date.UTC(2025, 1, 7)) } })
  // Noise: another organisation and a deleted estimate.
  await createEstimate(svc.as(newOrgId()), { projectName: 'Alpha Other Org' })
  const gone = await createEstimate(api, { projectName: 'Alpha Deleted' })
  await api('DELETE', `/estimates/${gone.id}`)
})
afterAll(async () => {
  await svc?.close()
})

const list = async (query = '') => {
  const res = await api('GET', `/estimates${query}`)
  expect(res.status, res.text).toBe(200)
  return ZEstimateListResponse.parse(res.body)
}
const keysOf = (r: { estimates: { id: string }[] }) => r.estimates.map((e) => Object.entries(ids).find(([, id]) => id === e.id)?.[0])

describe('GET /estimates', () => {
  it('lists live estimates of the organisation, newest update first by default', async () => {
    const r = await list()
    expect(keysOf(r)).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(r.total).toBe(5)
    expect(r.totalPages).toBe(1)
    expect(r.estimates[0]).toMatchObject({ projectName: 'Alpha Roof', clientName: 'Zoe Adams', totalCost: '500.00', status: 'draft', shareToken: null })
  })

  it('searches name, client and address case-insensitively, with % and _ taken literally', async () => {
    expect(keysOf(await list('?search=ALPHA'))).toEqual(['a'])
    expect(keysOf(await list('?search=baker'))).toEqual(['b'])
    expect(keysOf(await list('?search=chicago'))).toEqual(['c'])
    expect(keysOf(await list('?search=tx'))).toEqual(['a', 'e'])
    expect(keysOf(await list('?search=100%25'))).toEqual(['c'])
    expect(keysOf(await list('?search=deck_repair'))).toEqual(['c'])
    expect(keysOf(await list('?search=%25'))).toEqual(['c'])
    expect(keysOf(await list('?search=k_tchen'))).toEqual([])
    expect((await list('?search=nothing-like-this')).total).toBe(0)
  })

  it('filters by status and project type ("all" means no filter)', async () => {
    expect(keysOf(await list('?status=pending'))).toEqual(['b'])
    expect(keysOf(await list('?status=approved'))).toEqual(['d'])
    expect((await list('?status=all')).total).toBe(5)
    expect(keysOf(await list(`?projectTypeId=${REMODELING}`))).toEqual(['b', 'd'])
    expect((await list('?projectTypeId=all')).total).toBe(5)
    expect((await list('?projectTypeId=not-a-uuid')).total).toBe(0)
    expect((await api('GET', '/estimates?status=bogus')).status).toBe(400)
  })

  it('filters by creation day, both ends inclusive', async () => {
    expect(keysOf(await list('?startDate=2025-01-02&endDate=2025-01-04&sortBy=createdAt&sortOrder=asc'))).toEqual(['b', 'c', 'd'])
    expect(keysOf(await list('?startDate=2025-01-05'))).toEqual(['e'])
    expect(keysOf(await list('?endDate=2025-01-01'))).toEqual(['a'])
    expect((await api('GET', '/estimates?startDate=2025-02-30')).status).toBe(400)
    expect((await api('GET', '/estimates?startDate=yesterday')).status).toBe(400)
  })

  it('sorts by each field in both directions', async () => {
    expect(keysOf(await list('?sortBy=totalCost&sortOrder=desc'))).toEqual(['b', 'd', 'c', 'e', 'a'])
    expect(keysOf(await list('?sortBy=totalCost&sortOrder=asc'))).toEqual(['a', 'e', 'c', 'd', 'b'])
    expect(keysOf(await list('?sortBy=projectName&sortOrder=asc'))).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(keysOf(await list('?sortBy=clientName&sortOrder=asc'))).toEqual(['e', 'd', 'c', 'b', 'a'])
    expect(keysOf(await list('?sortBy=createdAt&sortOrder=desc'))).toEqual(['e', 'd', 'c', 'b', 'a'])
    expect(keysOf(await list('?sortBy=updatedAt&sortOrder=asc'))).toEqual(['e', 'd', 'c', 'b', 'a'])
    expect((await api('GET', '/estimates?sortBy=id')).status).toBe(400)
  })

  it('paginates with the allowed page sizes', async () => {
    const extra = svc.as(newOrgId())
    for (let i = 0; i < 23; i++) await createEstimate(extra, { projectName: `P${String(i).padStart(2, '0')}` })
    const page = async (q: string) => {
      const res = await extra('GET', `/estimates${q}`)
      expect(res.status).toBe(200)
      return res.body
    }
    const p1 = await page('?limit=10&page=1&sortBy=projectName&sortOrder=asc')
    expect(p1).toMatchObject({ total: 23, totalPages: 3 })
    expect(p1.estimates.map((e: Estimate) => e.projectName)).toEqual(['P00', 'P01', 'P02', 'P03', 'P04', 'P05', 'P06', 'P07', 'P08', 'P09'])
    const p3 = await page('?limit=10&page=3&sortBy=projectName&sortOrder=asc')
    expect(p3.estimates.map((e: Estimate) => e.projectName)).toEqual(['P20', 'P21', 'P22'])
    expect((await page('?limit=10&page=4')).estimates).toEqual([])
    expect((await page('?limit=20')).estimates).toHaveLength(20)
    expect((await extra('GET', '/estimates?limit=15')).status).toBe(400)
    expect((await extra('GET', '/estimates?page=0')).status).toBe(400)
  })
})
