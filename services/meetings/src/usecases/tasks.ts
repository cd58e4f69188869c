import {
  type CreateTaskInput,
  ErrorCode,
  TASK_DUE_DATE_PAST,
  type Task,
  type TaskListQuery,
  TaskSubjects,
  type TaskSummary,
  type UpdateTaskInput,
} from '@plumbline/contracts'
import { AppError, inTransaction, notFound, type OrgContext } from '@plumbline/service-kit'
import type { Tx } from '../data/db.js'
import { countTasks, readTaskPage, utcToday } from '../data/task-list-query.js'
import { dateOfDay, deleteTaskRow, findTaskRow, insertTaskRow, meetingTitles, taskWithMeeting, toTask, updateTaskRow } from '../data/tasks-repo.js'
import type { MeetingsDeps } from '../deps.js'
import { isPastForEveryone } from '../domain/due-date.js'
import { recordTaskEvent } from '../events/record-events.js'
import { changedLinks, refuseForeignLinks } from './task-links.js'

type Deps = Pick<MeetingsDeps, 'prisma'>

const taskNotFound = () => notFound('Task')

function refusePastDueDate(day: string | null | undefined): void {
  if (day && isPastForEveryone(day))
    throw new AppError(400, ErrorCode.VALIDATION_FAILED, `dueDate: ${TASK_DUE_DATE_PAST}`, [{ field: 'dueDate', message: TASK_DUE_DATE_PAST }])
}

/** A page of tasks with their meetings' titles, and the next page's cursor (null: this is the last). */
export async function listTasks(deps: Deps, ctx: OrgContext, query: TaskListQuery = {}): Promise<{ tasks: Task[]; next: string | null }> {
  const { rows, next } = await readTaskPage(deps.prisma, ctx.orgId, query)
  const titles = await meetingTitles(
    deps.prisma,
    ctx.orgId,
    rows.map((r) => r.meetingId),
  )
  return { tasks: rows.map((row) => toTask(row, row.meetingId ? (titles.get(row.meetingId) ?? null) : null)), next }
}

export function summarizeTasks(deps: Deps, ctx: OrgContext, today: string = utcToday()): Promise<TaskSummary> {
  return countTasks(deps.prisma, ctx.orgId, today)
}

export async function createTask(deps: Pick<MeetingsDeps, 'prisma' | 'bus' | 'logger'>, ctx: OrgContext, body: CreateTaskInput): Promise<Task> {
  refusePastDueDate(body.dueDate)
  await refuseForeignLinks(deps, ctx.orgId, body)
  return inTransaction(deps, (tx) => insertTask(tx, ctx, body))
}

/** The task's row and its event in the caller's transaction (also used for action item → task). */
export async function insertTask(tx: Tx, ctx: OrgContext, body: CreateTaskInput): Promise<Task> {
  const row = await insertTaskRow(tx, ctx.orgId, ctx.userId, {
    title: body.title,
    description: body.description ?? null,
    priority: body.priority,
    dueDate: dateOfDay(body.dueDate) ?? null,
    estimateId: body.estimateId ?? null,
    meetingId: body.meetingId ?? null,
    assigneeUserId: body.assigneeUserId ?? null,
  })
  const task = await taskWithMeeting(tx, ctx.orgId, row)
  await recordTaskEvent(tx, TaskSubjects.created, ctx.orgId, ctx.userId, task, task.assigneeUserId !== null)
  return task
}

/** Changes the named fields; a due date kept as it was may stay in the past (an overdue task being retitled). */
export async function updateTask(deps: Pick<MeetingsDeps, 'prisma' | 'bus' | 'logger'>, ctx: OrgContext, id: string, body: UpdateTaskInput): Promise<Task> {
  const before = await findTaskRow(deps.prisma, ctx.orgId, id)
  if (!before) throw taskNotFound()
  await refuseForeignLinks(deps, ctx.orgId, changedLinks(body, before))
  return inTransaction(deps, async (tx) => {
    const row = await findTaskRow(tx, ctx.orgId, id)
    if (!row) throw taskNotFound()
    if (body.dueDate !== toTask(row).dueDate) refusePastDueDate(body.dueDate)
    const updated = await updateTaskRow(tx, ctx.orgId, row.id, {
      title: body.title,
      description: body.description,
      priority: body.priority,
      dueDate: dateOfDay(body.dueDate),
      estimateId: body.estimateId,
      meetingId: body.meetingId,
      assigneeUserId: body.assigneeUserId,
    })
    const task = await taskWithMeeting(tx, ctx.orgId, updated)
    await recordTaskEvent(tx, TaskSubjects.updated, ctx.orgId, ctx.userId, task, task.assigneeUserId !== null && task.assigneeUserId !== row.assigneeUserId)
    return task
  })
}

/** Spec 001 §4: the checkbox flips completed; completedAt records when it was ticked. */
export async function toggleTask(deps: Deps, ctx: OrgContext, id: string): Promise<Task> {
  return inTransaction(deps, async (tx) => {
    const row = await findTaskRow(tx, ctx.orgId, id)
    if (!row) throw taskNotFound()
    const completed = !row.completed
    const task = await taskWithMeeting(tx, ctx.orgId, await updateTaskRow(tx, ctx.orgId, row.id, { completed, completedAt: completed ? new Date() : null }))
    await recordTaskEvent(tx, TaskSubjects.updated, ctx.orgId, ctx.userId, task)
    return task
  })
}

export async function deleteTask(deps: Deps, ctx: OrgContext, id: string): Promise<void> {
  await inTransaction(deps, async (tx) => {
    const row = await findTaskRow(tx, ctx.orgId, id)
    if (!row) throw taskNotFound()
    await deleteTaskRow(tx, ctx.orgId, row.id)
    await recordTaskEvent(tx, TaskSubjects.deleted, ctx.orgId, ctx.userId, toTask(row))
  })
}
