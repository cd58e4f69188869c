import { type EventEnvelope, type TaskEventV1, TaskSubjects } from '@plumbline/contracts'
import type { Tx } from '../data/db.js'
import { deleteNotificationsAbout, insertNotifications } from '../data/notifications-repo.js'
import { applyTaskState, markTaskDeleted } from '../data/tracked-tasks-repo.js'
import { occurredAtOf } from '../domain/month.js'
import { isTooOldToNotify } from '../domain/notification-text.js'

/**
 * The bell's view of one meetings.task.* event (one durable follows them all, in order).
 * Every event updates the task as admin knows it (title, due day, who it is for: the assignee,
 * else the creator), which "due today" reminders read (remind-due-today.ts). An event that
 * gave the task an assignee tells that person, unless they assigned it to themselves. A delete
 * removes the task's notifications. Events published before tasks carried their people
 * (no createdBy) are skipped: there is nobody to address.
 */
export async function notifyOnTaskEvent(tx: Tx, event: EventEnvelope<TaskEventV1>, orgId: string, now: Date = new Date()): Promise<void> {
  const task = event.data
  const at = occurredAtOf(event.occurredAt, now)
  if (event.type === TaskSubjects.deleted) {
    await markTaskDeleted(tx, orgId, task.taskId, at)
    return deleteNotificationsAbout(tx, orgId, task.taskId)
  }
  if (!task.createdBy) return
  const assignee = task.assigneeUserId ?? null
  await applyTaskState(tx, {
    orgId,
    taskId: task.taskId,
    title: task.title,
    dueDate: task.dueDate ?? null,
    recipientId: assignee ?? task.createdBy,
    completed: task.completed,
    at,
  })
  if (!task.assigneeChanged || !assignee || assignee === event.actorId || isTooOldToNotify(at, now)) return
  await insertNotifications(tx, [
    {
      orgId,
      userId: assignee,
      sourceKey: event.id,
      kind: 'task_assigned',
      entityId: task.taskId,
      target: task.title,
      detail: task.dueDate ?? null,
      actorId: event.actorId,
      createdAt: at,
    },
  ])
}
