import {
  TASK_CURSOR_INVALID,
  TASK_DUE_DATE_INVALID,
  TASK_DUE_DATE_PAST,
  TASK_LINK_MESSAGES,
  TASK_NEXT_CURSOR_HEADER,
  TASK_PRIORITY_INVALID,
  TASK_TITLE_REQUIRED,
  TaskSubjects,
  ZTask,
} from '@plumbline/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DirectoryStandIns, startDirectoryStandIns } from '../support/directory-stand-ins.js'
import { type MeetingsTestService, memberOf, startMeetingsTestService } from '../support/meetings-test-service.js'

let svc: MeetingsTestService
let directory: DirectoryStandIns
beforeAll(async () => {
  svc = await startMeetingsTestService()
  directory = startDirectoryStandIns(svc.deps.bus)
})
afterAll(async () => {
  await directory?.stop()
  await svc?.close()
})

type Role = 'Owner' | 'Admin' | 'Member' | 'Viewer'
const tasksPath = (orgId: string) => `/organizations/${orgId}/tasks`
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
const as = async (method: string, path: string, orgId: string, body?: unknown, role: Role = 'Owner') =>
  svc.call(method, path, { body, headers: await memberOf(orgId, role) })
const create = (orgId: string, body: unknown, role: Role = 'Owner') => as('POST', tasksPath(orgId), orgId, body, role)
const outboxTypes = async () => (await svc.deps.prisma.outboxEvent.findMany({ orderBy: { createdAt: 'asc' } })).map((e) => e.subject)

describe('POST /organizations/:orgId/tasks', () => {
  it('creates a task with the defaults and lists it', async () => {
    const res = await create('org-create', { title: '  Call the client  ', description: 'About the roof', dueDate: `${dayFromToday(3)}T00:00:00.000Z` })
    expect(res.status).toBe(201)
    const task = ZTask.strict().parse(res.json)
    expect(task).toMatchObject({
      title: 'Call the client',
      description: 'About the roof',
      priority: 'medium',
      dueDate: dayFromToday(3),
      completed: false,
      completedAt: null,
      createdBy: 'user-owner-org-create',
    })
    const list = await as('GET', tasksPath('org-create'), 'org-create', undefined, 'Viewer')
    expect(list.status).toBe(200)
    expect(list.json).toEqual([task])
    expect(await outboxTypes()).toContain(TaskSubjects.created)
  })

  it('keeps a task without a due date and with a chosen priority', async () => {
    const res = await create('org-nodate', { title: 'Order shingles', priority: 'high' })
    expect(res.status).toBe(201)
    expect(res.json).toMatchObject({ priority: 'high', dueDate: null, description: null })
  })

  it.each([
    [{}, 'title', TASK_TITLE_REQUIRED],
    [{ title: '   ' }, 'title', TASK_TITLE_REQUIRED],
    [{ title: 42 }, 'title', TASK_TITLE_REQUIRED],
    [{ title: 'T', priority: 'urgent' }, 'priority', TASK_PRIORITY_INVALID],
    [{ title: 'T', dueDate: 'next week' }, 'dueDate', TASK_DUE_DATE_INVALID],
    [{ title: 'T', dueDate: '2026-02-30' }, 'dueDate', TASK_DUE_DATE_INVALID],
    [{ title: 'T', dueDate: '2020-01-01' }, 'dueDate', TASK_DUE_DATE_PAST],
  ])('answers 400 for %j naming %s', async (body, field, message) => {
    const res = await create('org-invalid', body)
    expect(res.status).toBe(400)
    expect(res.json.errors).toContainEqual({ field, message })
    expect(await svc.deps.prisma.task.count({ where: { organizationId: 'org-invalid' } })).toBe(0)
  })

  it('refuses a Viewer (403) and a caller from another organisation (404)', async () => {
    expect((await create('org-viewer', { title: 'Nope' }, 'Viewer')).status).toBe(403)
    const res = await svc.call('POST', tasksPath('org-a'), { body: { title: 'Nope' }, headers: await memberOf('org-b') })
    expect(res.status).toBe(404)
    expect((await svc.call('GET', tasksPath('org-a'))).status).toBe(401)
  })
})

describe('POST /organizations/:orgId/tasks/:id/toggle', () => {
  it('completes a task, records when, and reopens it', async () => {
    const { json: task } = await create('org-toggle', { title: 'Send permit' })
    const done = await as('POST', `${tasksPath('org-toggle')}/${task.id}/toggle`, 'org-toggle', undefined, 'Member')
    expect(done.status).toBe(200)
    expect(done.json.completed).toBe(true)
    expect(Date.parse(done.json.completedAt)).toBeGreaterThan(Date.now() - 60_000)
    const reopened = await as('POST', `${tasksPath('org-toggle')}/${task.id}/toggle`, 'org-toggle')
    expect(reopened.json).toMatchObject({ completed: false, completedAt: null })
    expect(await outboxTypes()).toContain(TaskSubjects.updated)
  })

  it("answers 404 for another organisation's task and for an id that is no UUID", async () => {
    const { json: task } = await create('org-owner', { title: 'Private' })
    const res = await as('POST', `${tasksPath('org-other')}/${task.id}/toggle`, 'org-other')
    expect(res.status).toBe(404)
    expect((await as('POST', `${tasksPath('org-owner')}/not-a-uuid/toggle`, 'org-owner')).status).toBe(404)
    expect((await svc.deps.prisma.task.findUniqueOrThrow({ where: { id: task.id } })).completed).toBe(false)
  })
})

describe('PUT /organizations/:orgId/tasks/:id', () => {
  it('changes the named fields only and clears the due date with null', async () => {
    const { json: task } = await create('org-edit', { title: 'Draft', description: 'Keep me', dueDate: dayFromToday(1) })
    const res = await as('PUT', `${tasksPath('org-edit')}/${task.id}`, 'org-edit', { title: 'Final', priority: 'low', dueDate: null }, 'Member')
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ title: 'Final', priority: 'low', dueDate: null, description: 'Keep me' })
  })

  it('keeps a past due date that is not changed but refuses moving it into the past', async () => {
    const { json: task } = await create('org-past', { title: 'Old' })
    await svc.deps.prisma.task.update({ where: { id: task.id }, data: { dueDate: new Date('2020-01-01T00:00:00Z') } })
    const retitled = await as('PUT', `${tasksPath('org-past')}/${task.id}`, 'org-past', { title: 'Old, renamed', dueDate: '2020-01-01' })
    expect(retitled.status).toBe(200)
    expect(retitled.json).toMatchObject({ title: 'Old, renamed', dueDate: '2020-01-01' })
    const moved = await as('PUT', `${tasksPath('org-past')}/${task.id}`, 'org-past', { dueDate: '2020-02-01' })
    expect(moved.status).toBe(400)
    expect(moved.json.errors).toContainEqual({ field: 'dueDate', message: TASK_DUE_DATE_PAST })
  })

  it('answers 400 for an empty title and 404 across organisations', async () => {
    const { json: task } = await create('org-edit2', { title: 'Mine' })
    const empty = await as('PUT', `${tasksPath('org-edit2')}/${task.id}`, 'org-edit2', { title: '' })
    expect(empty.status).toBe(400)
    expect(empty.json.errors).toContainEqual({ field: 'title', message: TASK_TITLE_REQUIRED })
    expect((await as('PUT', `${tasksPath('org-x')}/${task.id}`, 'org-x', { title: 'Stolen' })).status).toBe(404)
  })
})

describe('DELETE /organizations/:orgId/tasks/:id', () => {
  it('deletes for an Admin, refuses a Member, and answers 404 across organisations', async () => {
    const { json: task } = await create('org-del', { title: 'Remove me' })
    expect((await as('DELETE', `${tasksPath('org-del')}/${task.id}`, 'org-del', undefined, 'Member')).status).toBe(403)
    expect((await as('DELETE', `${tasksPath('org-y')}/${task.id}`, 'org-y')).status).toBe(404)
    expect((await as('DELETE', `${tasksPath('org-del')}/${task.id}`, 'org-del', undefined, 'Admin')).status).toBe(204)
    expect((await as('GET', tasksPath('org-del'), 'org-del')).json).toEqual([])
    expect((await as('DELETE', `${tasksPath('org-del')}/${task.id}`, 'org-del')).status).toBe(404)
    expect(await outboxTypes()).toContain(TaskSubjects.deleted)
  })
})

/** A meeting of orgId, made through its route. */
async function meetingOf(orgId: string): Promise<string> {
  const res = await as('POST', `/organizations/${orgId}/meetings`, orgId, { title: 'Site walk' })
  expect(res.status).toBe(201)
  return res.json.id
}

describe("a task's links stay within its organisation", () => {
  // Probe 2026-11-29, finding 5: organisation B stored A's estimate, meeting and owner on its tasks.
  const a = 'org-links-a'
  const b = 'org-links-b'
  const links = async () => ({
    estimateId: directory.addEstimate(a, crypto.randomUUID()),
    meetingId: await meetingOf(a),
    assigneeUserId: directory.addMember(a, `owner-of-${a}-${crypto.randomUUID()}`),
  })

  it("refuses another organisation's estimate, meeting and user on create and on update, naming the field", async () => {
    const foreign = await links()
    const own = await create(b, { title: 'Mine' })
    for (const field of ['estimateId', 'meetingId', 'assigneeUserId'] as const) {
      const created = await create(b, { title: 'Borrowed', [field]: foreign[field] })
      expect(created.status, field).toBe(400)
      expect(created.json.errors).toEqual([{ field, message: TASK_LINK_MESSAGES[field] }])
      const updated = await as('PUT', `${tasksPath(b)}/${own.json.id}`, b, { [field]: foreign[field] })
      expect(updated.status, field).toBe(400)
      expect(updated.json.errors).toEqual([{ field, message: TASK_LINK_MESSAGES[field] }])
    }
    // Ids that name nothing at all are refused the same way.
    for (const [field, id] of [
      ['estimateId', crypto.randomUUID()],
      ['meetingId', crypto.randomUUID()],
      ['meetingId', 'not-a-uuid'],
      ['assigneeUserId', 'nobody'],
    ] as const)
      expect((await create(b, { title: 'Dangling', [field]: id })).json.errors).toEqual([{ field, message: TASK_LINK_MESSAGES[field] }])
    const stored = await svc.deps.prisma.task.findMany({ where: { organizationId: b } })
    expect(stored.map((t) => [t.estimateId, t.meetingId, t.assigneeUserId])).toEqual([[null, null, null]])
  })

  it('keeps its own organisation’s links, on create and update, and clears them with null', async () => {
    const mine = await links()
    const created = await create(a, { title: 'Linked', ...mine })
    expect(created.status).toBe(201)
    expect(created.json).toMatchObject({ ...mine, meetingTitle: 'Site walk' })
    const again = await as('PUT', `${tasksPath(a)}/${created.json.id}`, a, { title: 'Renamed', ...mine })
    expect(again.status).toBe(200)
    const cleared = await as('PUT', `${tasksPath(a)}/${created.json.id}`, a, { estimateId: null, meetingId: null, assigneeUserId: null })
    expect(cleared.json).toMatchObject({ estimateId: null, meetingId: null, assigneeUserId: null })
  })

  it('answers 503 with Retry-After when the owner of a link cannot be asked, and keeps nothing', async () => {
    await directory.stop()
    try {
      const res = await create(a, { title: 'Waits', estimateId: crypto.randomUUID() })
      expect(res.status).toBe(503)
      expect(res.headers.get('retry-after')).toBe('5')
      // A change that leaves the links alone needs nobody.
      const plain = await create(a, { title: 'Plain' })
      expect((await as('PUT', `${tasksPath(a)}/${plain.json.id}`, a, { title: 'Plainer' })).status).toBe(200)
    } finally {
      directory = startDirectoryStandIns(svc.deps.bus)
    }
    expect(await svc.deps.prisma.task.count({ where: { organizationId: a, title: 'Waits' } })).toBe(0)
  })
})

describe('GET /organizations/:orgId/tasks filtered by link', () => {
  it("answers only the tasks of one estimate or one meeting (the estimate's detail page shows them)", async () => {
    const orgId = 'org-links'
    const estimateId = directory.addEstimate(orgId, '11111111-1111-4111-8111-111111111111')
    const meetingId = await meetingOf(orgId)
    await create(orgId, { title: 'Order shingles', estimateId })
    await create(orgId, { title: 'Book the dumpster', estimateId })
    await create(orgId, { title: 'Unlinked' })
    await create(orgId, { title: 'From a call', meetingId })
    const byEstimate = await as('GET', `${tasksPath(orgId)}?estimateId=${estimateId}`, orgId)
    expect(byEstimate.json.map((t: { title: string }) => t.title).sort()).toEqual(['Book the dumpster', 'Order shingles'])
    const byMeeting = await as('GET', `${tasksPath(orgId)}?meetingId=${meetingId}`, orgId)
    expect(byMeeting.json.map((t: { title: string }) => t.title)).toEqual(['From a call'])
    expect((await as('GET', tasksPath(orgId), orgId)).json).toHaveLength(4)
    // Another organisation's estimate id finds nothing here.
    expect((await as('GET', `${tasksPath('org-other-links')}?estimateId=${estimateId}`, 'org-other-links')).json).toEqual([])
    expect((await as('GET', `${tasksPath(orgId)}?estimateId=${'x'.repeat(65)}`, orgId)).status).toBe(400)
  })
})

describe('GET /organizations/:orgId/tasks in pages, by status and by due date', () => {
  const orgId = 'org-pages'
  const titlesOf = (reply: { json: { title: string }[] }) => reply.json.map((t) => t.title)
  /** Every page of a listing, following X-Next-Cursor until it is absent. */
  const allPages = async (query: string) => {
    const pages: string[][] = []
    let cursor: string | null = null
    do {
      const reply = await as('GET', `${tasksPath(orgId)}?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, orgId, undefined, 'Viewer')
      expect(reply.status, reply.text).toBe(200)
      pages.push(titlesOf(reply))
      cursor = reply.headers.get(TASK_NEXT_CURSOR_HEADER)
    } while (cursor)
    return pages
  }

  beforeAll(async () => {
    // Seven tasks: three due on two days (two on the same day), one overdue, one done, two undated.
    const rows = [
      { title: 'T1 undated', dueDate: null, completed: false },
      { title: 'T2 due in 5', dueDate: dayFromToday(5), completed: false },
      { title: 'T3 due in 2', dueDate: dayFromToday(2), completed: false },
      { title: 'T4 overdue', dueDate: dayFromToday(-3), completed: false },
      { title: 'T5 due in 2', dueDate: dayFromToday(2), completed: false },
      { title: 'T6 done', dueDate: dayFromToday(-1), completed: true },
      { title: 'T7 undated', dueDate: null, completed: false },
    ]
    for (const [i, r] of rows.entries())
      await svc.deps.prisma.task.create({
        data: {
          organizationId: orgId,
          createdBy: 'seed',
          title: r.title,
          completed: r.completed,
          dueDate: r.dueDate ? new Date(`${r.dueDate}T00:00:00Z`) : null,
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
        },
      })
  })

  it('pages the newest first without skipping or repeating, and without a limit answers every task', async () => {
    const newest = ['T7 undated', 'T6 done', 'T5 due in 2', 'T4 overdue', 'T3 due in 2', 'T2 due in 5', 'T1 undated']
    expect(await allPages('limit=3')).toEqual([newest.slice(0, 3), newest.slice(3, 6), newest.slice(6)])
    const whole = await as('GET', tasksPath(orgId), orgId)
    expect(titlesOf(whole)).toEqual(newest)
    expect(whole.headers.get(TASK_NEXT_CURSOR_HEADER)).toBeNull()
    // A page that ends exactly at the last task says no more follow.
    expect(await allPages('limit=7')).toEqual([newest])
  })

  it('pages by due date, earliest first, ties newest first, undated last', async () => {
    const pages = await allPages('sort=due&limit=2')
    expect(pages.flat()).toEqual(['T4 overdue', 'T6 done', 'T5 due in 2', 'T3 due in 2', 'T2 due in 5', 'T7 undated', 'T1 undated'])
    expect(pages.map((p) => p.length)).toEqual([2, 2, 2, 1])
  })

  it('filters by status on the server, overdue against the caller’s day, and counts all four', async () => {
    expect((await allPages('status=pending&limit=10')).flat()).toHaveLength(6)
    expect((await allPages('status=completed')).flat()).toEqual(['T6 done'])
    expect((await allPages('status=overdue')).flat()).toEqual(['T4 overdue'])
    // Seen from five days ahead, the tasks due in two days are overdue too.
    expect((await allPages(`status=overdue&sort=due&today=${dayFromToday(5)}`)).flat()).toEqual(['T4 overdue', 'T5 due in 2', 'T3 due in 2'])
    const summary = await as('GET', `${tasksPath(orgId)}/summary`, orgId, undefined, 'Viewer')
    expect(summary.json).toEqual({ total: 7, pending: 6, completed: 1, overdue: 1 })
    expect((await as('GET', `${tasksPath(orgId)}/summary?today=${dayFromToday(5)}`, orgId)).json.overdue).toBe(3)
    expect((await as('GET', `${tasksPath('org-no-tasks')}/summary`, 'org-no-tasks')).json).toEqual({ total: 0, pending: 0, completed: 0, overdue: 0 })
  })

  it('keeps a page boundary when a task is added or ticked between pages', async () => {
    const first = await as('GET', `${tasksPath(orgId)}?limit=2`, orgId)
    await create(orgId, { title: 'T8 added meanwhile' })
    const second = await as('GET', `${tasksPath(orgId)}?limit=2&cursor=${encodeURIComponent(first.headers.get(TASK_NEXT_CURSOR_HEADER)!)}`, orgId)
    expect(titlesOf(second)).toEqual(['T5 due in 2', 'T4 overdue'])
  })

  it.each([
    ['limit=0', 'limit'],
    ['limit=201', 'limit'],
    ['limit=ten', 'limit'],
    ['status=late', 'status'],
    ['sort=title', 'sort'],
    ['today=2026-02-30', 'today'],
    ['today=tomorrow', 'today'],
    ['cursor=not-a-cursor', 'cursor'],
  ])('answers 400 for ?%s naming %s', async (query, field) => {
    const reply = await as('GET', `${tasksPath(orgId)}?${query}`, orgId)
    expect(reply.status, reply.text).toBe(400)
    expect(reply.json.errors.map((e: { field: string }) => e.field)).toContain(field)
  })

  it('refuses a cursor of the other order (400), and another organisation’s summary is its own', async () => {
    const byDue = await as('GET', `${tasksPath(orgId)}?sort=due&limit=1`, orgId)
    const cursor = encodeURIComponent(byDue.headers.get(TASK_NEXT_CURSOR_HEADER)!)
    const reply = await as('GET', `${tasksPath(orgId)}?limit=1&cursor=${cursor}`, orgId)
    expect(reply.status).toBe(400)
    expect(reply.json.errors).toContainEqual({ field: 'cursor', message: TASK_CURSOR_INVALID })
    expect((await svc.call('GET', `${tasksPath(orgId)}/summary`, { headers: await memberOf('org-stranger') })).status).toBe(404)
  })
})
