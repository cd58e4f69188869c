import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminTestService, memberOf, startAdminTestService } from '../support/admin-test-service.js'

let svc: AdminTestService
beforeAll(async () => {
  svc = await startAdminTestService({ env: { DEFAULT_AI_LIMIT: '-1' } })
})
afterAll(async () => {
  await svc?.close()
})

describe('GET /organizations/:orgId/usage', () => {
  it('answers the usage shape of the spec for a member', async () => {
    const res = await svc.call('GET', '/organizations/org-1/usage', { headers: await memberOf('org-1', 'Member') })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({
      estimatesUsedThisMonth: 0,
      estimatesLimit: 50,
      pdfGenerationsThisMonth: 0,
      pdfLimit: 100,
      aiGenerationsThisMonth: 0,
      aiLimit: -1,
    })
  })

  it('answers 404 for another organisation and 401 without identity', async () => {
    expect((await svc.call('GET', '/organizations/org-2/usage', { headers: await memberOf('org-1') })).status).toBe(404)
    expect((await svc.call('GET', '/organizations/org-1/usage')).status).toBe(401)
  })
})

describe('GET /dashboard/metrics', () => {
  it('needs the organisation in the query and answers the two totals', async () => {
    const headers = await memberOf('org-1', 'Viewer')
    const missing = await svc.call('GET', '/dashboard/metrics', { headers })
    expect(missing.status).toBe(400)
    expect(missing.json.errors[0].field).toBe('organizationId')
    const ok = await svc.call('GET', '/dashboard/metrics?organizationId=org-1', { headers })
    expect(ok.json).toEqual({ totalEstimates: 0, totalMeetings: 0 })
    expect((await svc.call('GET', '/dashboard/metrics?organizationId=org-2', { headers })).status).toBe(404)
  })
})
