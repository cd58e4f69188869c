import { Subjects } from '@plumbline/contracts'
import { assertRouteMatrix, fillPath, type OrgRouteSpec } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminTestService, estimateEvent, memberOf, startAdminTestService } from '../support/admin-test-service.js'

let svc: AdminTestService
const VICTIM = 'org-victim'

beforeAll(async () => {
  svc = await startAdminTestService({ consumers: true })
  // Give the victim something to steal or change in every table a route touches.
  await svc.call('PUT', `/organizations/${VICTIM}/company-settings`, {
    body: { companyName: 'Victim Co', enableLineItems: true },
    headers: await memberOf(VICTIM),
  })
  await svc.publish(estimateEvent(Subjects.estimateCreated, VICTIM, { estimateId: 'e1', projectName: 'Secret project' }))
  await svc.waitForConsumer('admin-on-estimate-created-v1', 'estimates')
})
afterAll(async () => {
  await svc?.close()
})

// Every org-scoped route of the admin service; a new route must be added here.
const ROUTES: OrgRouteSpec[] = [
  { method: 'GET', path: '/organizations/:orgId/company-settings' },
  { method: 'PUT', path: '/organizations/:orgId/company-settings', body: { companyName: 'Pwned', enableMarkupProfiles: true } },
  { method: 'GET', path: '/organizations/:orgId/usage' },
  { method: 'GET', path: '/dashboard/metrics?organizationId=:orgId' },
  { method: 'GET', path: '/organizations/:orgId/activities' },
]

describe('cross-tenant route matrix', () => {
  it('every org route answers 404 to a member of another organisation and changes nothing', async () => {
    const headers = await memberOf('org-attacker', 'Owner')
    await assertRouteMatrix({
      routes: ROUTES,
      params: { orgId: VICTIM },
      asOtherOrgMember: async ({ method, path, body }) => {
        const res = await svc.call(method, path, { body, headers })
        return { status: res.status, body: res.json }
      },
      snapshot: async () => {
        const p = svc.deps.prisma
        return Promise.all([
          p.companySettings.findMany({ orderBy: { organizationId: 'asc' } }),
          p.usageCounter.findMany({ orderBy: [{ organizationId: 'asc' }, { month: 'asc' }, { kind: 'asc' }] }),
          p.orgTotals.findMany({ orderBy: { organizationId: 'asc' } }),
          p.activity.findMany({ orderBy: { id: 'asc' } }),
        ])
      },
    })
  })
})

describe('the same routes for the victim organisation itself', () => {
  it('answer 200, so the 404s above are about tenancy, not a broken route', async () => {
    const headers = await memberOf(VICTIM, 'Owner')
    for (const route of ROUTES) {
      const res = await svc.call(route.method, fillPath(route.path, { orgId: VICTIM }), { body: route.method === 'GET' ? undefined : {}, headers })
      expect(res.status, `${route.method} ${route.path}`).toBe(200)
    }
  })
})
