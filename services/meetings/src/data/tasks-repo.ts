import type { Task, TaskPriority } from '@plumbline/contracts'
import type { Db } from '../deps.js'
import type { Task as TaskRow } from '../generated/prisma/client.js'

/** A date column holds midnight UTC of its day; its ISO text's first ten characters are that day. */
const dayOf = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null)
export const dateOfDay = (day: string | null | undefined) => (day === undefined ? undefined : day === null ? null : new Date(`${day}T00:00:00Z`))

export function toTask(row: TaskRow): Task {
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
    assigneeUserId: row.assigneeUserId,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** Newest first, as the spec's list shows them; the page sorts by due date on request. */
export const listTaskRows = (db: Db, orgId: string) => db.task.findMany({ where: { organizationId: orgId }, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }] })

/** Scoped by organisation: another organisation's task is not found. */
export const findTaskRow = (db: Db, orgId: string, id: string) => db.task.findFirst({ where: { id, organizationId: orgId } })
