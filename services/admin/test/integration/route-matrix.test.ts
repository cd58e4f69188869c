import { Subjects, TaskSubjects } from '@plumbline/contracts'
import { createEnvelope } from '@plumbline/messaging'
import { assertRouteMatrix, fillPath, type OrgRouteSpec } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminTestService, estimateEvent, memberOf, startAdminTestService } from '../support/admin-test-service.js'

let svc: AdminTestService
const VICTIM = 'org-victim'
/** memberOf's user id for the victim's Owner: the notifications are theirs. */
const VICTIM_OWNER = `user-owner-${VICTIM}`
const TODAY = new Date().toISOString().slice(0, 10)
/** Ids of objects inside the victim organisation, filled in beforeAll. */
const victimIds: Record<string, string> = {}

beforeAll(async () => {
  svc = await startAdminTestService({ consumers: true })
  // Give the victim something to steal or change in every table a route touches.
  await svc.call('PUT', `/organizations/${VICTIM}/company-settings`, {
    body: { companyName: 'Victim Co', enableLineItems: true },
    headers: await memberOf(VICTIM),
  })
  await svc.publish(estimateEvent(Subjects.estimateCreated, VICTIM, { estimateId: 'e1', projectName: 'Secret project' }, { actorId: VICTIM_OWNER }))
  await svc.publish(estimateEvent(Subjects.estimateApproved, VICTIM, { estimateId: 'e1', projectName: 'Secret project' }))
  await svc.publish(
    createEnvelope({
      type: TaskSubjects.created,
      orgId: VICTIM,
      actorId: VICTIM_OWNER,
      data: { taskId: 't1', title: 'Secret task', completed: false, createdBy: VICTIM_OWNER, dueDate: TODAY },
    }),
  )
  await svc.waitForConsumer('admin-on-estimate-created-v1', 'estimates')
  await svc.waitForConsumer('admin-notifications-on-estimate-events-v1', 'estimates')
  await svc.waitForConsumer('admin-notifications-on-task-events-v1', 'meetings')
  const notification = await svc.deps.prisma.notification.findFirstOrThrow({ where: { organizationId: VICTIM } })
  victimIds.id = notification.id
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
  { method: 'GET', path: '/organizations/:orgId/notifications' },
  { method: 'POST', path: '/organizations/:orgId/notifications/:id/read' },
  { method: 'POST', path: '/organizations/:orgId/notifications/read-all', body: {} },
  { method: 'POST', path: '/organizations/:orgId/notifications/due-today', body: { today: TODAY } },
]

describe('cross-tenant route matrix', () => {
  it('every org route answers 404 to a member of another organisation and changes nothing', async () => {
    const headers = await memberOf('org-attacker', 'Owner')
    await assertRouteMatrix({
      routes: ROUTES,
      params: { orgId: VICTIM, ...victimIds },
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
          p.notification.findMany({ orderBy: { id: 'asc' } }),
        ])
      },
    })
  })
})

describe('the same routes for the victim organisation itself', () => {
  it('answer 200, so the 404s above are about tenancy, not a broken route', async () => {
    const headers = await memberOf(VICTIM, 'Owner')
    for (const route of ROUTES) {
      const res = await svc.call(route.method, fillPath(route.path, { orgId: VICTIM, ...victimIds }), {
        body: route.method === 'GET' ? undefined : (route.body ?? {}),
        headers,
      })
      expect(res.status, `${route.method} ${route.path}`).toBe(200)
    }
  })
})
