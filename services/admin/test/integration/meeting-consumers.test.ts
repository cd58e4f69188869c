import { MeetingSubjects, ZActivityList } from '@plumbline/contracts'
import { createEnvelope } from '@plumbline/messaging'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminTestService, memberOf, startAdminTestService } from '../support/admin-test-service.js'

let svc: AdminTestService
beforeAll(async () => {
  svc = await startAdminTestService({ consumers: true })
})
afterAll(async () => {
  await svc?.close()
})

const meetingEvent = (kind: keyof typeof MeetingSubjects, orgId: string, meetingId: string, title = `Meeting ${meetingId}`, at?: string) => {
  const event = createEnvelope({
    type: MeetingSubjects[kind],
    orgId,
    actorId: null,
    data: { meetingId, title, status: kind === 'completed' ? 'completed' : 'recording' },
  })
  return at ? { ...event, occurredAt: at } : event
}

async function settle() {
  for (const durable of ['admin-on-meeting-created-v1', 'admin-on-meeting-completed-v1', 'admin-on-meeting-deleted-v1'])
    await svc.waitForConsumer(durable, 'meetings')
}

const metrics = async (orgId: string) => (await svc.call('GET', `/dashboard/metrics?organizationId=${orgId}`, { headers: await memberOf(orgId) })).json

describe('meeting events (dashboard Total Meetings and the activity feed)', () => {
  it('counts live meetings once each: duplicates, deletes and a delete seen before its create', async () => {
    const orgId = 'org-meetings'
    const first = meetingEvent('created', orgId, 'm1')
    await svc.publish(first)
    await svc.publish(first)
    await svc.publish(meetingEvent('created', orgId, 'm1'))
    await svc.publish(meetingEvent('created', orgId, 'm2'))
    await svc.publish(meetingEvent('created', orgId, 'm3'))
    await svc.publish(meetingEvent('deleted', orgId, 'm3'))
    await svc.publish(meetingEvent('deleted', orgId, 'm3'))
    await svc.publish(meetingEvent('deleted', orgId, 'early'))
    await svc.publish(meetingEvent('created', orgId, 'early'))
    await settle()
    expect(await metrics(orgId)).toEqual({ totalEstimates: 0, totalMeetings: 2 })
    expect(await metrics('org-no-meetings')).toEqual({ totalEstimates: 0, totalMeetings: 0 })
  })

  it('feeds meeting_created and meeting_completed into the activity list', async () => {
    const orgId = 'org-meeting-feed'
    const at = (s: number) => new Date(Date.UTC(2030, 0, 1, 12, 0, s)).toISOString()
    await svc.publish(meetingEvent('created', orgId, 'k', 'Kitchen walkthrough', at(1)))
    await svc.publish(meetingEvent('completed', orgId, 'k', 'Kitchen walkthrough', at(2)))
    await settle()
    const list = ZActivityList.parse((await svc.call('GET', `/organizations/${orgId}/activities`, { headers: await memberOf(orgId) })).json)
    expect(list.map((a) => [a.type, a.action, a.target])).toEqual([
      ['meeting_completed', 'completed meeting', 'Kitchen walkthrough'],
      ['meeting_created', 'started meeting', 'Kitchen walkthrough'],
    ])
  })
})
