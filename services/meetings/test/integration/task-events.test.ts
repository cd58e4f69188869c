import { type TaskEventV1, TaskSubjects, ZTaskEventV1 } from '@plumbline/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DirectoryStandIns, startDirectoryStandIns } from '../support/directory-stand-ins.js'
import { type MeetingsTestService, memberOf, startMeetingsTestService } from '../support/meetings-test-service.js'

// What task events tell other services: the admin service's notification bell needs who a task
// is for, when it is due and whether a change assigned it ("assigned to you", "due today").

let svc: MeetingsTestService
let directory: DirectoryStandIns
const orgId = 'org-task-events'
beforeAll(async () => {
  svc = await startMeetingsTestService()
  directory = startDirectoryStandIns(svc.deps.bus)
  for (const userId of ['u-ivy', 'u-jo']) directory.addMember(orgId, userId)
})
afterAll(async () => {
  await directory?.stop()
  await svc?.close()
})

const path = `/organizations/${orgId}/tasks`
const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)
const call = async (method: string, url: string, body?: unknown) => svc.call(method, url, { body, headers: await memberOf(orgId, 'Owner') })

type TaskEvent = { type: string; actorId: string | null; data: TaskEventV1 }
const seen = new Set<string>()

/** The one event the last call wrote (taken by difference: calls within one millisecond share created_at). */
async function newEvent(): Promise<TaskEvent> {
  const rows = (await svc.deps.prisma.outboxEvent.findMany()).filter((r) => !seen.has(r.id))
  expect(rows).toHaveLength(1)
  seen.add(rows[0]!.id)
  const p = rows[0]!.payload as { type: string; actorId: string | null; data: unknown }
  return { type: p.type, actorId: p.actorId, data: ZTaskEventV1.strict().parse(p.data) }
}

describe('task events', () => {
  it('carry the assignee, creator and due day, and say which change assigned the task', async () => {
    const owner = 'user-owner-org-task-events'
    const events: TaskEvent[] = []
    for (const row of await svc.deps.prisma.outboxEvent.findMany()) seen.add(row.id)
    const { json: task } = await call('POST', path, { title: 'Order tiles', dueDate: day, assigneeUserId: 'u-ivy' })
    events.push(await newEvent())
    const steps: [string, string, unknown?][] = [
      ['PUT', `${path}/${task.id}`, { title: 'Order floor tiles' }],
      ['PUT', `${path}/${task.id}`, { assigneeUserId: 'u-ivy' }],
      ['PUT', `${path}/${task.id}`, { assigneeUserId: 'u-jo' }],
      ['POST', `${path}/${task.id}/toggle`],
      ['PUT', `${path}/${task.id}`, { assigneeUserId: null }],
      ['DELETE', `${path}/${task.id}`],
    ]
    for (const [method, url, body] of steps) {
      expect((await call(method, url, body)).status, `${method} ${JSON.stringify(body)}`).toBeLessThan(300)
      events.push(await newEvent())
    }
    expect(events.map((e) => [e.type, e.data.assigneeUserId, e.data.assigneeChanged, e.data.completed])).toEqual([
      [TaskSubjects.created, 'u-ivy', true, false],
      [TaskSubjects.updated, 'u-ivy', false, false],
      [TaskSubjects.updated, 'u-ivy', false, false],
      [TaskSubjects.updated, 'u-jo', true, false],
      [TaskSubjects.updated, 'u-jo', false, true],
      [TaskSubjects.updated, null, false, true],
      [TaskSubjects.deleted, null, false, true],
    ])
    expect(events.every((e) => e.data.createdBy === owner && e.data.dueDate === day && e.actorId === owner)).toBe(true)
    expect(events[1]!.data.title).toBe('Order floor tiles')
  })

  it('a task made without an assignee assigns nobody', async () => {
    for (const row of await svc.deps.prisma.outboxEvent.findMany()) seen.add(row.id)
    await call('POST', path, { title: 'Unassigned' })
    const created = await newEvent()
    expect(created.data).toMatchObject({ assigneeUserId: null, assigneeChanged: false, dueDate: null })
  })
})
