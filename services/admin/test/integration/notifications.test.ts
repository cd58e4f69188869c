import { MeetingSubjects, type Notification, Subjects, type TaskEventV1, TaskSubjects, ZNotificationList } from '@plumbline/contracts'
import { createEnvelope } from '@plumbline/messaging'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Tx } from '../../src/data/db.js'
import { notifyOnEstimateEvent } from '../../src/usecases/notify-on-estimate-event.js'
import { type AdminTestService, estimateEvent, memberOf, startAdminTestService } from '../support/admin-test-service.js'

// The header's notification bell: what the events put in whose bell, and the routes that read
// and mark it. Recipients are users of one organisation; each test uses its own organisation.

let svc: AdminTestService
beforeAll(async () => {
  svc = await startAdminTestService({ consumers: true })
})
afterAll(async () => {
  await svc?.close()
})

const ESTIMATES = 'admin-notifications-on-estimate-events-v1'
const TASKS = 'admin-notifications-on-task-events-v1'
const MEETING = 'admin-notifications-on-meeting-completed-v1'

async function settle() {
  await svc.waitForConsumer(ESTIMATES, 'estimates')
  await svc.waitForConsumer(TASKS, 'meetings')
  await svc.waitForConsumer(MEETING, 'meetings')
  await svc.waitForConsumer('admin-on-user-registered-v1', 'auth')
  await svc.waitForConsumer('admin-on-user-deleted-v1', 'auth')
  await svc.waitForConsumer('admin-on-meeting-deleted-v1', 'meetings')
}

const base = (orgId: string) => `/organizations/${orgId}/notifications`
const as = (orgId: string, userId: string) => memberOf(orgId, 'Member', userId)

async function bell(orgId: string, userId: string, query = ''): Promise<{ notifications: Notification[]; unreadCount: number; nextBefore: string | null }> {
  const res = await svc.call('GET', `${base(orgId)}${query}`, { headers: await as(orgId, userId) })
  expect(res.status, JSON.stringify(res.json)).toBe(200)
  return ZNotificationList.strict().parse(res.json)
}
const lines = async (orgId: string, userId: string) => (await bell(orgId, userId)).notifications.map((n) => [n.kind, n.title, n.body])

async function registered(orgId: string, userId: string, firstName: string, lastName: string) {
  await svc.publish(
    createEnvelope({
      type: Subjects.userRegistered,
      orgId,
      actorId: userId,
      data: { userId, email: `${userId}@example.com`, organizationId: orgId, firstName, lastName },
    }),
  )
}

/** A moment `seconds` after a fixed recent start, so events of one test have a known order. */
const START = Date.now() - 3600_000
const recent = (seconds: number) => new Date(START + seconds * 1000).toISOString()

describe('estimate events', () => {
  it('tells the creator when a teammate shares, and creator and sharer about the client, never the one who acted', async () => {
    const orgId = 'org-bell-flow'
    await registered(orgId, 'u-ann', 'Ann', 'Owner')
    await registered(orgId, 'u-ben', 'Ben', 'Builder')
    const e = { estimateId: 'est-1', projectName: 'Kitchen Remodel', clientName: 'Casey Client' }
    await svc.publish(estimateEvent(Subjects.estimateCreated, orgId, e, { actorId: 'u-ann', occurredAt: recent(1) }))
    // Ann shares her own estimate: nobody hears. Ben shares it again: Ann hears.
    await svc.publish(estimateEvent(Subjects.estimateShared, orgId, e, { actorId: 'u-ann', occurredAt: recent(2) }))
    await svc.publish(estimateEvent(Subjects.estimateShared, orgId, e, { actorId: 'u-ben', occurredAt: recent(3) }))
    // Edits make no notifications.
    await svc.publish(estimateEvent(Subjects.estimateUpdated, orgId, e, { actorId: 'u-ben', occurredAt: recent(4) }))
    // The client opens it twice the same day (one notification) and approves it.
    await svc.publish(estimateEvent(Subjects.estimateViewed, orgId, e, { occurredAt: recent(5) }))
    await svc.publish(estimateEvent(Subjects.estimateViewed, orgId, e, { occurredAt: recent(6) }))
    await svc.publish(estimateEvent(Subjects.estimateApproved, orgId, e, { occurredAt: recent(7) }))
    await settle()

    expect(await lines(orgId, 'u-ann')).toEqual([
      ['estimate_approved', 'Estimate approved', 'Casey Client approved “Kitchen Remodel”.'],
      ['estimate_viewed', 'Estimate viewed', 'Casey Client opened “Kitchen Remodel”.'],
      ['estimate_shared', 'Estimate shared', 'Ben Builder shared “Kitchen Remodel” with Casey Client.'],
    ])
    expect(await lines(orgId, 'u-ben')).toEqual([
      ['estimate_approved', 'Estimate approved', 'Casey Client approved “Kitchen Remodel”.'],
      ['estimate_viewed', 'Estimate viewed', 'Casey Client opened “Kitchen Remodel”.'],
    ])
    const ann = await bell(orgId, 'u-ann')
    expect(ann.unreadCount).toBe(3)
    expect(ann.notifications.every((n) => n.link === '/estimates/est-1' && n.readAt === null)).toBe(true)
    // The newest is the approval, dated when it happened.
    expect(ann.notifications[0]!.createdAt).toBe(recent(7))
  })

  it('a teammate setting the status by hand tells the others, named; a decline is a decline', async () => {
    const orgId = 'org-bell-manual'
    await registered(orgId, 'u-cat', 'Cat', 'Creator')
    await registered(orgId, 'u-dan', 'Dan', 'Sharer')
    const e = { estimateId: 'est-2', projectName: 'Deck', clientName: 'Pat Client' }
    await svc.publish(estimateEvent(Subjects.estimateCreated, orgId, e, { actorId: 'u-cat', occurredAt: recent(1) }))
    await svc.publish(estimateEvent(Subjects.estimateShared, orgId, e, { actorId: 'u-dan', occurredAt: recent(2) }))
    await svc.publish(estimateEvent(Subjects.estimateApproved, orgId, e, { actorId: 'u-dan', occurredAt: recent(3) }))
    const other = { estimateId: 'est-3', projectName: 'Porch', clientName: '' }
    await svc.publish(estimateEvent(Subjects.estimateCreated, orgId, other, { actorId: 'u-cat', occurredAt: recent(4) }))
    await svc.publish(estimateEvent(Subjects.estimateShared, orgId, other, { actorId: 'u-cat', occurredAt: recent(5) }))
    await svc.publish(estimateEvent(Subjects.estimateRejected, orgId, other, { occurredAt: recent(6) }))
    await settle()
    expect(await lines(orgId, 'u-cat')).toEqual([
      ['estimate_declined', 'Estimate declined', 'Your client declined “Porch”.'],
      ['estimate_approved', 'Estimate approved', 'Dan Sharer marked “Deck” approved.'],
      ['estimate_shared', 'Estimate shared', 'Dan Sharer shared “Deck” with Pat Client.'],
    ])
    // Dan approved it himself: nothing for him.
    expect(await lines(orgId, 'u-dan')).toEqual([])
  })

  it('adds nothing when an event is delivered again, even past the consumer’s own record', async () => {
    const orgId = 'org-bell-redelivery'
    const e = { estimateId: 'est-4', projectName: 'Roof', clientName: 'Robin' }
    await svc.publish(estimateEvent(Subjects.estimateCreated, orgId, e, { actorId: 'u-eve', occurredAt: recent(1) }))
    const approved = estimateEvent(Subjects.estimateApproved, orgId, e, { occurredAt: recent(2) })
    await svc.publish(approved)
    await svc.publish(approved)
    await settle()
    expect((await bell(orgId, 'u-eve')).notifications).toHaveLength(1)
    // Handled once more outside the consumer (as if processed_events had lost its row): the
    // (recipient, source) key still makes it one row.
    await svc.deps.prisma.$transaction((tx) => notifyOnEstimateEvent(tx as unknown as Tx, approved, orgId))
    expect(await svc.deps.prisma.notification.count({ where: { organizationId: orgId } })).toBe(1)
  })

  it('learns creators from old events but announces nothing older than three days', async () => {
    const orgId = 'org-bell-old'
    const e = { estimateId: 'est-5', projectName: 'Garage', clientName: 'Old Client' }
    const longAgo = new Date(Date.now() - 10 * 86_400_000).toISOString()
    await svc.publish(estimateEvent(Subjects.estimateCreated, orgId, e, { actorId: 'u-fay', occurredAt: longAgo }))
    await svc.publish(estimateEvent(Subjects.estimateViewed, orgId, e, { occurredAt: longAgo }))
    await settle()
    expect(await lines(orgId, 'u-fay')).toEqual([])
    await svc.publish(estimateEvent(Subjects.estimateApproved, orgId, e, { occurredAt: recent(1) }))
    await settle()
    expect(await lines(orgId, 'u-fay')).toEqual([['estimate_approved', 'Estimate approved', 'Old Client approved “Garage”.']])
  })

  it('removes an estimate’s notifications when it is deleted', async () => {
    const orgId = 'org-bell-deleted'
    const e = { estimateId: 'est-6', projectName: 'Shed', clientName: 'Sam' }
    const keep = { estimateId: 'est-7', projectName: 'Fence', clientName: 'Sam' }
    for (const x of [e, keep]) {
      await svc.publish(estimateEvent(Subjects.estimateCreated, orgId, x, { actorId: 'u-gus', occurredAt: recent(1) }))
      await svc.publish(estimateEvent(Subjects.estimateApproved, orgId, x, { occurredAt: recent(2) }))
    }
    await settle()
    expect((await bell(orgId, 'u-gus')).notifications).toHaveLength(2)
    await svc.publish(estimateEvent(Subjects.estimateDeleted, orgId, e, { actorId: 'u-gus', occurredAt: recent(3) }))
    await settle()
    expect((await bell(orgId, 'u-gus')).notifications.map((n) => n.link)).toEqual(['/estimates/est-7'])
  })
})

const taskEvent = (type: string, orgId: string, actorId: string, data: Partial<TaskEventV1> & { taskId: string }, occurredAt = recent(1)) => ({
  ...createEnvelope({ type, orgId, actorId, data: { title: `Task ${data.taskId}`, completed: false, ...data } }),
  occurredAt,
})
const today = new Date().toISOString().slice(0, 10)

describe('task events', () => {
  it('tells the assignee when someone else assigns them, not when they assign themselves or nothing changes', async () => {
    const orgId = 'org-bell-tasks'
    await registered(orgId, 'u-hal', 'Hal', 'Lead')
    const task = { taskId: 't-1', title: 'Order tiles', createdBy: 'u-hal', assigneeUserId: 'u-ivy', dueDate: '2031-05-04', assigneeChanged: true }
    await svc.publish(taskEvent(TaskSubjects.created, orgId, 'u-hal', task))
    // Retitled: the assignee did not change.
    await svc.publish(taskEvent(TaskSubjects.updated, orgId, 'u-hal', { ...task, title: 'Order floor tiles', assigneeChanged: false }, recent(2)))
    // Ivy makes a task and takes it herself.
    await svc.publish(
      taskEvent(TaskSubjects.created, orgId, 'u-ivy', { taskId: 't-2', createdBy: 'u-ivy', assigneeUserId: 'u-ivy', assigneeChanged: true }, recent(3)),
    )
    // Published before tasks carried their people: nothing to address.
    await svc.publish({ ...createEnvelope({ type: TaskSubjects.created, orgId, actorId: 'u-hal', data: { taskId: 't-old', title: 'Old', completed: false } }) })
    await settle()
    const ivy = await bell(orgId, 'u-ivy')
    expect(ivy.notifications.map((n) => [n.kind, n.title, n.body, n.link])).toEqual([
      ['task_assigned', 'Task assigned to you', 'Hal Lead assigned you “Order tiles”, due 4 May 2031.', '/tasks'],
    ])
    expect(await lines(orgId, 'u-hal')).toEqual([])
  })

  it('reminds of open tasks due on the user’s today once per task and day', async () => {
    const orgId = 'org-bell-due'
    const headers = await as(orgId, 'u-jo')
    const post = (body: unknown, h = headers) => svc.call('POST', `${base(orgId)}/due-today`, { body, headers: h })
    // Jo's: assigned to Jo by Kim, due today; made by Jo for nobody, due today; done; another day; Kim's.
    await svc.publish(
      taskEvent(TaskSubjects.created, orgId, 'u-kim', {
        taskId: 't-a',
        title: 'Call inspector',
        createdBy: 'u-kim',
        assigneeUserId: 'u-jo',
        dueDate: today,
        assigneeChanged: true,
      }),
    )
    await svc.publish(taskEvent(TaskSubjects.created, orgId, 'u-jo', { taskId: 't-b', title: 'Pick up permit', createdBy: 'u-jo', dueDate: today }))
    await svc.publish(taskEvent(TaskSubjects.created, orgId, 'u-jo', { taskId: 't-c', createdBy: 'u-jo', dueDate: today }))
    await svc.publish(taskEvent(TaskSubjects.updated, orgId, 'u-jo', { taskId: 't-c', createdBy: 'u-jo', dueDate: today, completed: true }, recent(2)))
    await svc.publish(taskEvent(TaskSubjects.created, orgId, 'u-jo', { taskId: 't-d', createdBy: 'u-jo', dueDate: '2031-01-01' }))
    await svc.publish(taskEvent(TaskSubjects.created, orgId, 'u-kim', { taskId: 't-e', createdBy: 'u-kim', dueDate: today }))
    // A late, older event of t-b does not bring back its old state.
    await svc.publish(taskEvent(TaskSubjects.updated, orgId, 'u-jo', { taskId: 't-b', title: 'Stale', createdBy: 'u-jo', dueDate: '2031-02-02' }, recent(0)))
    await settle()

    const first = await post({ today })
    expect(first.status, JSON.stringify(first.json)).toBe(200)
    expect(first.json).toEqual({ created: 2 })
    expect((await post({ today })).json).toEqual({ created: 0 })
    const jo = await bell(orgId, 'u-jo')
    expect(jo.notifications.map((n) => [n.kind, n.title, n.body]).sort()).toEqual([
      [
        'task_assigned',
        'Task assigned to you',
        'A teammate assigned you “Call inspector”, due ' +
          new Date(`${today}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }) +
          '.',
      ],
      ['task_due', 'Task due today', '“Call inspector” is due today.'],
      ['task_due', 'Task due today', '“Pick up permit” is due today.'],
    ])
    // Kim's task is Kim's.
    expect((await post({ today }, await as(orgId, 'u-kim'))).json).toEqual({ created: 1 })

    // A deleted task's notifications go.
    await svc.publish(taskEvent(TaskSubjects.deleted, orgId, 'u-kim', { taskId: 't-a', createdBy: 'u-kim' }, recent(5)))
    await settle()
    expect((await bell(orgId, 'u-jo')).notifications.map((n) => n.body)).toEqual(['“Pick up permit” is due today.'])
  })

  it('refuses a day that is not today anywhere, and malformed dates', async () => {
    const orgId = 'org-bell-due-bad'
    const headers = await as(orgId, 'u-lee')
    const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
    for (const today of [dayOffset(2), dayOffset(-2), '2026-02-30', 'tomorrow', 7]) {
      const res = await svc.call('POST', `${base(orgId)}/due-today`, { body: { today }, headers })
      expect(res.status, String(today)).toBe(400)
      expect(res.json.errors[0].field).toBe('today')
    }
    expect((await svc.call('POST', `${base(orgId)}/due-today`, { body: {}, headers })).status).toBe(400)
  })
})

describe('meeting events', () => {
  it('tells the meeting’s creator it is transcribed, and forgets it when the meeting is deleted', async () => {
    const orgId = 'org-bell-meeting'
    const completed = {
      ...createEnvelope({ type: MeetingSubjects.completed, orgId, actorId: 'u-max', data: { meetingId: 'm-1', title: 'Site walk', status: 'completed' } }),
    }
    await svc.publish(completed)
    await svc.publish(completed)
    await settle()
    const max = await bell(orgId, 'u-max')
    expect(max.notifications.map((n) => [n.kind, n.title, n.body, n.link])).toEqual([
      ['meeting_transcribed', 'Meeting transcribed', '“Site walk” is transcribed and ready to review.', '/notetaker?meeting=m-1'],
    ])
    await svc.publish(
      createEnvelope({ type: MeetingSubjects.deleted, orgId, actorId: 'u-max', data: { meetingId: 'm-1', title: 'Site walk', status: 'completed' } }),
    )
    await settle()
    expect((await bell(orgId, 'u-max')).notifications).toEqual([])
  })
})

describe('the routes', () => {
  const orgId = 'org-bell-routes'
  const me = 'u-nia'
  beforeAll(async () => {
    // Five approvals of Nia's estimates, a second apart, and one for Oz.
    for (let i = 1; i <= 5; i++) {
      const e = { estimateId: `r-${i}`, projectName: `Project ${i}`, clientName: 'Client' }
      await svc.publish(estimateEvent(Subjects.estimateCreated, orgId, e, { actorId: me, occurredAt: recent(i * 10) }))
      await svc.publish(estimateEvent(Subjects.estimateApproved, orgId, e, { occurredAt: recent(i * 10 + 1) }))
    }
    const oz = { estimateId: 'r-oz', projectName: 'Oz project', clientName: 'Client' }
    await svc.publish(estimateEvent(Subjects.estimateCreated, orgId, oz, { actorId: 'u-oz', occurredAt: recent(100) }))
    await svc.publish(estimateEvent(Subjects.estimateApproved, orgId, oz, { occurredAt: recent(101) }))
    await settle()
  })

  it('pages newest first with a cursor and counts every unread one', async () => {
    const first = await bell(orgId, me, '?limit=2')
    expect(first.notifications.map((n) => n.body)).toEqual(['Client approved “Project 5”.', 'Client approved “Project 4”.'])
    expect(first.unreadCount).toBe(5)
    const second = await bell(orgId, me, `?limit=2&before=${encodeURIComponent(first.nextBefore!)}`)
    expect(second.notifications.map((n) => n.body)).toEqual(['Client approved “Project 3”.', 'Client approved “Project 2”.'])
    const last = await bell(orgId, me, `?limit=2&before=${encodeURIComponent(second.nextBefore!)}`)
    expect(last.notifications.map((n) => n.body)).toEqual(['Client approved “Project 1”.'])
    expect(last.nextBefore).toBeNull()
    // Default page: all five, and only Nia's.
    expect((await bell(orgId, me)).notifications).toHaveLength(5)
  })

  it('answers 400 to bad paging', async () => {
    const headers = await as(orgId, me)
    for (const query of ['limit=0', 'limit=51', 'limit=abc', 'limit=2.5', 'before=yesterday', 'before=2026-01-01T00:00:00.000Z_not-a-uuid']) {
      const res = await svc.call('GET', `${base(orgId)}?${query}`, { headers })
      expect(res.status, query).toBe(400)
      expect(res.json.errors[0].field, query).toBe(query.split('=')[0])
    }
  })

  it('marks one read (once), and answers 404 for anyone else’s notification', async () => {
    const headers = await as(orgId, me)
    const [newest] = (await bell(orgId, me)).notifications
    const read = await svc.call('POST', `${base(orgId)}/${newest!.id}/read`, { headers })
    expect(read.status).toBe(200)
    expect(read.json).toMatchObject({ id: newest!.id, kind: 'estimate_approved', link: '/estimates/r-5' })
    const readAt = read.json.readAt
    expect(Date.parse(readAt)).toBeGreaterThan(Date.now() - 60_000)
    const again = await svc.call('POST', `${base(orgId)}/${newest!.id}/read`, { headers })
    expect(again.json.readAt).toBe(readAt)
    expect((await bell(orgId, me)).unreadCount).toBe(4)

    const ozs = (await bell(orgId, 'u-oz')).notifications[0]!
    // Oz's notification, asked for by Nia: not found, and still unread.
    expect((await svc.call('POST', `${base(orgId)}/${ozs.id}/read`, { headers })).status).toBe(404)
    // Nia's own id through another organisation she belongs to: not found there.
    expect((await svc.call('POST', `${base('org-bell-elsewhere')}/${newest!.id}/read`, { headers: await as('org-bell-elsewhere', me) })).status).toBe(404)
    // Not a member of the path's organisation: 404.
    expect((await svc.call('POST', `${base(orgId)}/${ozs.id}/read`, { headers: await as('org-other', 'u-oz') })).status).toBe(404)
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await svc.call('POST', `${base(orgId)}/${id}/read`, { headers })).status, id).toBe(404)
    }
    expect((await bell(orgId, 'u-oz')).unreadCount).toBe(1)
  })

  it('marks all read up to what the list showed, and only the caller’s', async () => {
    const headers = await as(orgId, me)
    const list = await bell(orgId, me)
    const secondNewest = list.notifications[1]!
    // Up to the second newest: the newest was already read, so three more.
    const some = await svc.call('POST', `${base(orgId)}/read-all`, { body: { upTo: list.notifications[2]!.createdAt }, headers })
    expect(some.json).toEqual({ updated: 3, unreadCount: 1 })
    expect((await bell(orgId, me)).notifications.filter((n) => n.readAt === null).map((n) => n.id)).toEqual([secondNewest.id])
    const rest = await svc.call('POST', `${base(orgId)}/read-all`, { body: {}, headers })
    expect(rest.json).toEqual({ updated: 1, unreadCount: 0 })
    expect((await bell(orgId, 'u-oz')).unreadCount).toBe(1)
    for (const body of [{ upTo: 'soon' }, { upTo: 5 }]) {
      const res = await svc.call('POST', `${base(orgId)}/read-all`, { body, headers })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.json.errors[0].field).toBe('upTo')
    }
  })
})

describe('a deleted account', () => {
  it('loses its bell', async () => {
    const orgId = 'org-bell-gone'
    const e = { estimateId: 'g-1', projectName: 'Gone', clientName: 'C' }
    await svc.publish(estimateEvent(Subjects.estimateCreated, orgId, e, { actorId: 'u-pia', occurredAt: recent(1) }))
    await svc.publish(estimateEvent(Subjects.estimateApproved, orgId, e, { occurredAt: recent(2) }))
    await settle()
    expect((await bell(orgId, 'u-pia')).notifications).toHaveLength(1)
    await svc.publish(createEnvelope({ type: Subjects.userDeleted, orgId: null, actorId: null, data: { userId: 'u-pia' } }))
    await settle()
    expect(await svc.deps.prisma.notification.count({ where: { userId: 'u-pia' } })).toBe(0)
  })
})
