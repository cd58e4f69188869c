import type { Db, Tx } from './db.js'

export type TaskState = {
  orgId: string
  taskId: string
  title: string
  /** YYYY-MM-DD or null. */
  dueDate: string | null
  recipientId: string
  completed: boolean
  at: Date
}

const dateOf = (day: string | null) => (day ? new Date(`${day}T00:00:00Z`) : null)

/**
 * The task as its newest event describes it. A delete is final, and an event older than the one
 * applied (a redelivery after a failure) changes nothing.
 */
export async function applyTaskState(tx: Tx, t: TaskState): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO tracked_tasks (organization_id, task_id, title, due_date, recipient_id, completed, last_event_at)
    VALUES (${t.orgId}, ${t.taskId}, ${t.title}, ${dateOf(t.dueDate)}::date, ${t.recipientId}, ${t.completed}, ${t.at})
    ON CONFLICT (organization_id, task_id) DO UPDATE SET
      title = EXCLUDED.title, due_date = EXCLUDED.due_date, recipient_id = EXCLUDED.recipient_id,
      completed = EXCLUDED.completed, last_event_at = EXCLUDED.last_event_at
    WHERE NOT tracked_tasks.deleted AND tracked_tasks.last_event_at <= EXCLUDED.last_event_at`
}

export async function markTaskDeleted(tx: Tx, orgId: string, taskId: string, at: Date): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO tracked_tasks (organization_id, task_id, title, deleted, last_event_at) VALUES (${orgId}, ${taskId}, '', true, ${at})
    ON CONFLICT (organization_id, task_id) DO UPDATE SET deleted = true`
}

/** Open tasks of one user due on one day. */
export const openTasksDueOn = (db: Db, orgId: string, userId: string, day: string) =>
  db.trackedTask.findMany({
    where: { organizationId: orgId, recipientId: userId, dueDate: new Date(`${day}T00:00:00Z`), completed: false, deleted: false },
    select: { taskId: true, title: true },
  })
