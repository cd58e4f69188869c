import { ZEstimateInsights } from '@plumbline/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEstimate, type EstimatesTestService, newOrgId, startEstimatesTestService } from '../support/estimates-test-service.js'

// The Business insights card (company flag enableBusinessInsights): figures worked out by hand
// from estimates put in known states, in one organisation, none of another's counted.

let svc: EstimatesTestService
beforeAll(async () => {
  svc = await startEstimatesTestService()
})
afterAll(async () => {
  await svc?.close()
})

async function setStatus(id: string, status: string, createdAt?: Date) {
  await svc.deps.prisma.estimate.update({ where: { id }, data: { status, ...(createdAt ? { createdAt } : {}) } })
}

describe('GET /estimates/insights', () => {
  it('counts this month by status, the win rate of decided estimates, the average and the pipeline with clients', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const empty = ZEstimateInsights.parse((await api('GET', '/estimates/insights')).body)
    expect(empty).toMatchObject({ winRate: null, decided: 0, averageValue: null, pipelineValue: '0.00', pipelineCount: 0 })

    const costs = ['1000', '2000', '3000', '4000', '5000.50']
    const ids: string[] = []
    for (const totalCost of costs) ids.push((await createEstimate(api, { totalCost })).id)
    await setStatus(ids[0], 'approved')
    await setStatus(ids[1], 'approved')
    await setStatus(ids[2], 'rejected')
    await setStatus(ids[3], 'shared')
    // Created long ago and still with the client: in the pipeline, not in this month's counts.
    await setStatus(ids[4], 'viewed', new Date(Date.UTC(2020, 0, 15)))
    await createEstimate(svc.as(newOrgId()), { totalCost: '999999' })

    const res = await api('GET', '/estimates/insights')
    expect(res.status).toBe(200)
    const insights = ZEstimateInsights.parse(res.body)
    expect(insights.month).toBe(new Date().toISOString().slice(0, 7))
    expect(insights.createdThisMonth).toEqual({ draft: 0, pending: 0, shared: 1, viewed: 0, approved: 2, rejected: 1 })
    expect(insights.decided).toBe(3)
    expect(insights.winRate).toBeCloseTo(2 / 3, 6)
    expect(insights.averageValue).toBe('3000.10')
    expect(insights).toMatchObject({ pipelineValue: '9000.50', pipelineCount: 2 })
  })

  it('answers an organisation without estimates with zeros ("insights" is no estimate id), and a caller of another organisation 404', async () => {
    const orgId = newOrgId()
    const res = await svc.as(orgId)('GET', '/estimates/insights')
    expect(res.status).toBe(200)
    expect(res.body.createdThisMonth.draft).toBe(0)
    expect((await svc.as(newOrgId())('GET', `/../organizations/${orgId}/estimates/insights`)).status).toBe(404)
  })
})
