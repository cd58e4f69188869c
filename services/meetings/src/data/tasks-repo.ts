import type { Task, TaskPriority } from '@plumbline/contracts'
import { isUuid } from '@plumbline/service-kit'
import type { Task as TaskRow } from '../generated/prisma/client.js'
import type { Db } from './db.js'

/** A date column holds midnight UTC of its day; its ISO text's first ten characters are that day. */
const dayOf = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null)
export const dayDate = (day: string) => new Date(`${day}T00:00:00Z`)
export const dateOfDay = (day: string | null | undefined) => (day === undefined ? undefined : day === null ? null : dayDate(day))

export function toTask(row: TaskRow, meetingTitle: string | null = null): Task {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    priority: row.priority as TaskPriority,
    dueDate: dayOf(row.dueDate),
    completed: row.completed,
    completedAt: row.completedAt?.toISOString() ?? null,
    estimateId: row.estimateId,
    meetingId: row.meetingId,
    meetingTitle,
    assigneeUserId: row.assigneeUserId,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** The titles of the organisation's meetings among `ids` (tasks name the meeting they came from). */
export async function meetingTitles(db: Db, orgId: string, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null && isUuid(id)))]
  if (!wanted.length) return new Map()
  const rows = await db.meeting.findMany({ where: { organizationId: orgId, id: { in: wanted } }, select: { id: true, title: true } })
  return new Map(rows.map((r) => [r.id, r.title]))
}
/** One task as the API answers it, with its meeting's title. */
export async function taskWithMeeting(db: Db, orgId: string, row: TaskRow): Promise<Task> {
  const titles = await meetingTitles(db, orgId, [row.meetingId])
  return toTask(row, row.meetingId ? (titles.get(row.meetingId) ?? null) : null)
}

/** Scoped by organisation: another organisation's task is not found. */
export const findTaskRow = (db: Db, orgId: string, id: string) => db.task.findFirst({ where: { id, organizationId: orgId } })

export type TaskFields = {
  title: string
  description: string | null
  priority: string
  dueDate: Date | null
  estimateId: string | null
  meetingId: string | null
  assigneeUserId: string | null
}

export const insertTaskRow = (db: Db, orgId: string, createdBy: string, fields: TaskFields) =>
  db.task.create({ data: { organizationId: orgId, createdBy, ...fields } })

/** Changes the named fields (undefined leaves one as it is). */
export const updateTaskRow = (db: Db, orgId: string, id: string, fields: Partial<TaskFields> & { completed?: boolean; completedAt?: Date | null }) =>
  db.task.update({ where: { id, organizationId: orgId }, data: fields })

export async function deleteTaskRow(db: Db, orgId: string, id: string): Promise<void> {
  await db.task.delete({ where: { id, organizationId: orgId } })
}
