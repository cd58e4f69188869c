import { type IdentityClaims, MeetingSubjects, type PermissionSet, Subjects, SYSTEM_ROLE_PERMISSIONS, ZActivityList } from '@plumbline/contracts'
import { createEnvelope } from '@plumbline/messaging'
import { identityHeaders } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PLATFORM_ADMIN_JOIN_ACTION, TEAM_MEMBER_ACTION } from '../../src/domain/activity-text.js'
import { type AdminTestService, estimateEvent, startAdminTestService } from '../support/admin-test-service.js'

// The activity feed and the dashboard's totals are read models of the whole organisation: a
// reader sees only what their role may open (probe 2026-11-29, finding 3: a role without
// notetaker or team access saw meeting titles, members' addresses and the meeting count).

let svc: AdminTestService
beforeAll(async () => {
  svc = await startAdminTestService({ consumers: true })
})
afterAll(async () => {
  await svc?.close()
})

/** Headers for a member of orgId whose custom role holds exactly `permissions`. */
const reader = (orgId: string, permissions: PermissionSet) =>
  identityHeaders({
    sub: `reader-${orgId}`,
    email: `reader-${orgId}@example.com`,
    systemRole: 'user',
    orgId,
    orgRole: 'Limited',
    permissions,
  } as IdentityClaims)

async function settle() {
  for (const durable of ['admin-on-estimate-created-v1', 'admin-on-estimate-shared-v1']) await svc.waitForConsumer(durable, 'estimates')
  for (const durable of ['admin-on-user-registered-v1', 'admin-on-member-joined-v1']) await svc.waitForConsumer(durable, 'auth')
  for (const durable of ['admin-on-meeting-created-v1', 'admin-on-meeting-completed-v1']) await svc.waitForConsumer(durable, 'meetings')
}

const orgId = 'org-limited'
const meetingEvent = (type: string, title: string) =>
  createEnvelope({ type, orgId, actorId: 'u-owner', data: { meetingId: `m-${title}`, title, status: 'completed' } })

beforeAll(async () => {
  await svc.publish(
    createEnvelope({
      type: Subjects.userRegistered,
      orgId,
      actorId: 'u-owner',
      data: { userId: 'u-owner', email: 'owner@example.com', organizationId: orgId, firstName: 'Olga', lastName: 'Owner' },
    }),
  )
  await svc.publish(estimateEvent(Subjects.estimateCreated, orgId, { estimateId: 'e1', projectName: 'Deck' }, { actorId: 'u-owner' }))
  await svc.publish(meetingEvent(MeetingSubjects.created, 'SECRET-meeting'))
  await svc.publish(meetingEvent(MeetingSubjects.completed, 'AUDIO-meeting'))
  await settle()
})

describe('the activity feed by the reader’s permissions', () => {
  const feedAs = async (permissions: PermissionSet) => {
    const res = await svc.call('GET', `/organizations/${orgId}/activities`, { headers: await reader(orgId, permissions) })
    expect(res.status).toBe(200)
    return ZActivityList.parse(res.json).map((a) => a.type)
  }

  it('shows the probe’s limited role (estimates and projects only) no meetings and no members', async () => {
    const types = await feedAs({ cost_estimator: ['access', 'edit'], projects: ['access'] })
    expect(types).toEqual(['estimate_created'])
  })

  it('shows each module’s entries to a role with its access, and everything to the Owner', async () => {
    expect(await feedAs({ ai_notetaker: ['access'] })).toEqual(expect.arrayContaining(['meeting_created', 'meeting_completed']))
    expect(await feedAs({ ai_notetaker: ['access'] })).toHaveLength(2)
    expect(await feedAs({ team: ['access'] })).toEqual(['team_member'])
    expect(await feedAs({})).toEqual([])
    expect((await feedAs(SYSTEM_ROLE_PERMISSIONS.Owner)).sort()).toEqual(['estimate_created', 'meeting_completed', 'meeting_created', 'team_member'])
  })
})

describe('the dashboard totals by the reader’s permissions', () => {
  const metricsAs = async (permissions: PermissionSet) => {
    const res = await svc.call('GET', `/dashboard/metrics?organizationId=${orgId}`, { headers: await reader(orgId, permissions) })
    expect(res.status).toBe(200)
    return res.json
  }

  it('answers 0 meetings without notetaker access and 0 estimates without estimator access', async () => {
    expect(await metricsAs({ cost_estimator: ['access'], projects: ['access'] })).toEqual({ totalEstimates: 1, totalMeetings: 0 })
    expect(await metricsAs({ ai_notetaker: ['access'] })).toEqual({ totalEstimates: 0, totalMeetings: 1 })
    expect(await metricsAs(SYSTEM_ROLE_PERMISSIONS.Viewer)).toEqual({ totalEstimates: 1, totalMeetings: 1 })
  })
})

describe('a platform admin joining the tenant', () => {
  it('appears in the tenant’s feed, said as such', async () => {
    const tenant = 'org-support'
    const joined = createEnvelope({
      type: Subjects.memberJoined,
      orgId: tenant,
      actorId: 'u-platform-admin',
      data: {
        userId: 'u-platform-admin',
        email: 'admin@plumbline.dev',
        organizationId: tenant,
        firstName: 'Pat',
        lastName: 'Admin',
        roleName: 'Owner',
        addedBy: 'platform_admin',
      },
    })
    const invited = createEnvelope({
      type: Subjects.memberJoined,
      orgId: tenant,
      actorId: 'u-invited',
      data: { userId: 'u-invited', email: 'ivy@example.com', organizationId: tenant, roleName: 'Member' },
    })
    await svc.publish(joined)
    await svc.publish(invited)
    await settle()
    const res = await svc.call('GET', `/organizations/${tenant}/activities`, { headers: await reader(tenant, SYSTEM_ROLE_PERMISSIONS.Owner) })
    const feed = ZActivityList.parse(res.json)
    expect(feed.find((a) => a.id === joined.id)).toMatchObject({
      type: 'team_member',
      action: PLATFORM_ADMIN_JOIN_ACTION,
      target: 'admin@plumbline.dev',
      user: { firstName: 'Pat', lastName: 'Admin', email: 'admin@plumbline.dev' },
    })
    expect(feed.find((a) => a.id === invited.id)).toMatchObject({ action: TEAM_MEMBER_ACTION, target: 'ivy@example.com' })
  })
})
