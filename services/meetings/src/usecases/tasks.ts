import {
  type CreateTaskInput,
  ErrorCode,
  TASK_DUE_DATE_PAST,
  type Task,
  type TaskEventV1,
  type TaskListQuery,
  TaskSubjects,
  type TaskSummary,
  type UpdateTaskInput,
} from '@plumbline/contracts'
import { createEnvelope, writeOutbox } from '@plumbline/messaging'
import { AppError, notFound } from '@plumbline/service-kit'
import { countTasks, readTaskPage, utcToday } from '../data/task-list-query.js'
import { dateOfDay, findTaskRow, meetingTitles, taskWithMeeting, toTask } from '../data/tasks-repo.js'
import type { MeetingsDeps, Tx } from '../deps.js'
import { isPastForEveryone } from '../domain/due-date.js'

import { MEETINGS_SCHEMA } from '../events/subjects.js'
import { changedLinks, refuseForeignLinks } from './task-links.js'

type Actor = { orgId: string; userId: string }
type Deps = Pick<MeetingsDeps, 'prisma'>

const taskNotFound = () => notFound('Task')

function refusePastDueDate(day: string | null | undefined): void {
  if (day && isPastForEveryone(day))
    throw new AppError(400, ErrorCode.VALIDATION_FAILED, `dueDate: ${TASK_DUE_DATE_PAST}`, [{ field: 'dueDate', message: TASK_DUE_DATE_PAST }])
}

/**
 * The task's event. Beyond id, title and completed it carries who it is for and when it is due
 * (the admin service's notification bell: "assigned to you", "due today"), and whether this
 * change gave it its assignee, which only this service can tell.
 */
async function recordTaskEvent(tx: Tx, type: string, actor: Actor, task: Task, assigneeChanged = false): Promise<void> {
  const data: TaskEventV1 = {
    taskId: task.id,
    title: task.title,
    completed: task.completed,
    assigneeUserId: task.assigneeUserId,
    createdBy: task.createdBy,
    dueDate: task.dueDate,
    assigneeChanged,
  }
  await writeOutbox(tx, MEETINGS_SCHEMA, createEnvelope({ type, orgId: actor.orgId, actorId: actor.userId, data }))
}

/** A page of tasks with their meetings' titles, and the next page's cursor (null: this is the last). */
export async function listTasks(deps: Deps, orgId: string, query: TaskListQuery = {}): Promise<{ tasks: Task[]; next: string | null }> {
  const { rows, next } = await readTaskPage(deps.prisma, orgId, query)
  const titles = await meetingTitles(
    deps.prisma,
    orgId,
    rows.map((r) => r.meetingId),
  )
  return { tasks: rows.map((row) => toTask(row, row.meetingId ? (titles.get(row.meetingId) ?? null) : null)), next }
}

export function summarizeTasks(deps: Deps, orgId: string, today: string = utcToday()): Promise<TaskSummary> {
  return countTasks(deps.prisma, orgId, today)
}

export async function createTask(deps: Pick<MeetingsDeps, 'prisma' | 'bus' | 'logger'>, actor: Actor, body: CreateTaskInput): Promise<Task> {
  refusePastDueDate(body.dueDate)
  await refuseForeignLinks(deps, actor.orgId, body)
  return deps.prisma.$transaction((tx) => insertTask(tx, actor, body))
}

/** The task's row and its event in the caller's transaction (also used for action item → task). */
export async function insertTask(tx: Tx, actor: Actor, body: CreateTaskInput): Promise<Task> {
  const task = await taskWithMeeting(
    tx,
    actor.orgId,
    await tx.task.create({
      data: {
        organizationId: actor.orgId,
        createdBy: actor.userId,
        title: body.title,
        description: body.description ?? null,
        priority: body.priority,
        dueDate: dateOfDay(body.dueDate) ?? null,
        estimateId: body.estimateId ?? null,
        meetingId: body.meetingId ?? null,
        assigneeUserId: body.assigneeUserId ?? null,
      },
    }),
  )
  await recordTaskEvent(tx, TaskSubjects.created, actor, task, task.assigneeUserId !== null)
  return task
}

/** Changes the named fields; a due date kept as it was may stay in the past (an overdue task being retitled). */
export async function updateTask(deps: Pick<MeetingsDeps, 'prisma' | 'bus' | 'logger'>, actor: Actor, id: string, body: UpdateTaskInput): Promise<Task> {
  const before = await findTaskRow(deps.prisma, actor.orgId, id)
  if (!before) throw taskNotFound()
  await refuseForeignLinks(deps, actor.orgId, changedLinks(body, before))
  return deps.prisma.$transaction(async (tx) => {
    const row = await findTaskRow(tx, actor.orgId, id)
    if (!row) throw taskNotFound()
    if (body.dueDate !== toTask(row).dueDate) refusePastDueDate(body.dueDate)
    const task = await taskWithMeeting(
      tx,
      actor.orgId,
      await tx.task.update({
        where: { id: row.id },
        data: {
          title: body.title,
          description: body.description,
          priority: body.priority,
          dueDate: dateOfDay(body.dueDate),
          estimateId: body.estimateId,
          meetingId: body.meetingId,
          assigneeUserId: body.assigneeUserId,
        },
      }),
    )
    await recordTaskEvent(tx, TaskSubjects.updated, actor, task, task.assigneeUserId !== null && task.assigneeUserId !== row.assigneeUserId)
    return task
  })
}

/** Spec 001 §4: the checkbox flips completed; completedAt records when it was ticked. */
export async function toggleTask(deps: Deps, actor: Actor, id: string): Promise<Task> {
  return deps.prisma.$transaction(async (tx) => {
    const row = await findTaskRow(tx, actor.orgId, id)
    if (!row) throw taskNotFound()
    const completed = !row.completed
    const task = await taskWithMeeting(
      tx,
      actor.orgId,
      await tx.task.update({ where: { id: row.id }, data: { completed, completedAt: completed ? new Date() : null } }),
    )
    await recordTaskEvent(tx, TaskSubjects.updated, actor, task)
    return task
  })
}

export async function deleteTask(deps: Deps, actor: Actor, id: string): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    const row = await findTaskRow(tx, actor.orgId, id)
    if (!row) throw taskNotFound()
    await tx.task.delete({ where: { id: row.id } })
    await recordTaskEvent(tx, TaskSubjects.deleted, actor, toTask(row))
  })
}
