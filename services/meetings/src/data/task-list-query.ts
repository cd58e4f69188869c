import { isoDateOf, TASK_CURSOR_INVALID, type TaskFilter, type TaskListQuery, type TaskSort, type TaskSummary } from '@plumbline/contracts'
import { badRequest, isUuid } from '@plumbline/service-kit'
import { Prisma, type Task as TaskRow } from '../generated/prisma/client.js'
import type { Db } from './db.js'
import { dayDate } from './tasks-repo.js'

/**
 * The task list's reads: filters, the two orders and keyset paging. A page's cursor holds the sort
 * keys of its last task, so the next page starts right after it however many tasks were added or
 * ticked meanwhile (an offset would skip or repeat them), and reading page 50 costs what page 1 does.
 */

/** The sort keys of the last task of a page; `due` only for the due-date order. */
type TaskCursor = { sort: TaskSort; due: string | null; createdAt: string; id: string }

const ORDER: Record<TaskSort, Prisma.TaskOrderByWithRelationInput[]> = {
  newest: [{ createdAt: 'desc' }, { id: 'asc' }],
  // Tasks without a due date last: they are the least urgent.
  due: [{ dueDate: { sort: 'asc', nulls: 'last' } }, { createdAt: 'desc' }, { id: 'asc' }],
}

export const utcToday = () => new Date().toISOString().slice(0, 10)

function statusWhere(status: TaskFilter, today: string): Prisma.TaskWhereInput {
  if (status === 'pending') return { completed: false }
  if (status === 'completed') return { completed: true }
  if (status === 'overdue') return { completed: false, dueDate: { lt: dayDate(today) } }
  return {}
}

/** Tasks after the cursor's task in its order (newest: earlier creation, then greater id). */
function afterCursor(c: TaskCursor): Prisma.TaskWhereInput {
  const createdAt = new Date(c.createdAt)
  const sameDueAfter: Prisma.TaskWhereInput = { OR: [{ createdAt: { lt: createdAt } }, { createdAt, id: { gt: c.id } }] }
  if (c.sort === 'newest') return sameDueAfter
  if (c.due === null) return { dueDate: null, ...sameDueAfter }
  const due = dayDate(c.due)
  return { OR: [{ dueDate: { gt: due } }, { dueDate: null }, { dueDate: due, ...sameDueAfter }] }
}

export function encodeTaskCursor(sort: TaskSort, row: TaskRow): string {
  const due = sort === 'due' ? (row.dueDate?.toISOString().slice(0, 10) ?? null) : null
  return Buffer.from(JSON.stringify([sort, due, row.createdAt.toISOString(), row.id])).toString('base64url')
}

/** The cursor a page answered with; a 400 for anything else, or one of the other order. */
export function decodeTaskCursor(text: string, sort: TaskSort): TaskCursor {
  let parts: unknown
  try {
    parts = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
  } catch {
    parts = null
  }
  const [s, due, createdAt, id] = Array.isArray(parts) ? parts : []
  const valid =
    s === sort &&
    (due === null || (typeof due === 'string' && isoDateOf(due) === due)) &&
    typeof createdAt === 'string' &&
    !Number.isNaN(Date.parse(createdAt)) &&
    isUuid(id)
  if (!valid) throw badRequest(TASK_CURSOR_INVALID, [{ field: 'cursor', message: TASK_CURSOR_INVALID }])
  return { sort, due, createdAt, id }
}

/** One page of the organisation's tasks (every match when no limit), and the next page's cursor. */
export async function readTaskPage(db: Db, orgId: string, query: TaskListQuery): Promise<{ rows: TaskRow[]; next: string | null }> {
  const sort = query.sort ?? 'newest'
  const where: Prisma.TaskWhereInput = {
    organizationId: orgId,
    ...(query.estimateId ? { estimateId: query.estimateId } : {}),
    ...(query.meetingId ? { meetingId: query.meetingId } : {}),
    AND: [statusWhere(query.status ?? 'all', query.today ?? utcToday()), query.cursor ? afterCursor(decodeTaskCursor(query.cursor, sort)) : {}],
  }
  // One more than the page shows tells whether another page follows.
  const rows = await db.task.findMany({ where, orderBy: ORDER[sort], ...(query.limit ? { take: query.limit + 1 } : {}) })
  if (!query.limit || rows.length <= query.limit) return { rows, next: null }
  const page = rows.slice(0, query.limit)
  return { rows: page, next: encodeTaskCursor(sort, page[page.length - 1]) }
}

/** The four counts of the Tasks page in one read; overdue is measured against the caller's day. */
export async function countTasks(db: Db, orgId: string, today: string): Promise<TaskSummary> {
  const [row] = await db.$queryRaw<TaskSummary[]>(Prisma.sql`
    SELECT count(*)::int AS total,
           count(*) FILTER (WHERE NOT completed)::int AS pending,
           count(*) FILTER (WHERE completed)::int AS completed,
           count(*) FILTER (WHERE NOT completed AND due_date < ${today}::date)::int AS overdue
    FROM tasks WHERE organization_id = ${orgId}`)
  return row ?? { total: 0, pending: 0, completed: 0, overdue: 0 }
}
