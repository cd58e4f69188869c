import { type MeetingEventV1, MeetingSubjects, type Task, type TaskEventV1 } from '@plumbline/contracts'
import { createEnvelope, writeOutbox } from '@plumbline/messaging'
import type { Tx } from '../data/db.js'
import { MEETINGS_SCHEMA, TRANSCRIPTION_REQUESTED_SUBJECT } from './subjects.js'

/** meeting_created / meeting_completed / deleted, in the caller's transaction (activity, Total Meetings). */
export async function recordMeetingEvent(
  tx: Tx,
  kind: keyof typeof MeetingSubjects,
  orgId: string,
  actorId: string | null,
  meeting: { id: string; title: string; status: string },
): Promise<void> {
  const data: MeetingEventV1 = { meetingId: meeting.id, title: meeting.title, status: meeting.status }
  await writeOutbox(tx, MEETINGS_SCHEMA, createEnvelope({ type: MeetingSubjects[kind], orgId, actorId, data }))
}

/** Enqueues the job in the same transaction that created its row: the job and its message exist together or not at all. */
export async function requestTranscription(tx: Tx, orgId: string, actorId: string, jobId: string): Promise<void> {
  await writeOutbox(tx, MEETINGS_SCHEMA, createEnvelope({ type: TRANSCRIPTION_REQUESTED_SUBJECT, orgId, actorId, data: { jobId } }))
}

/**
 * The task's event. Beyond id, title and completed it carries who it is for and when it is due
 * (the admin service's notification bell: "assigned to you", "due today"), and whether this
 * change gave it its assignee, which only this service can tell.
 */
export async function recordTaskEvent(tx: Tx, type: string, orgId: string, actorId: string, task: Task, assigneeChanged = false): Promise<void> {
  const data: TaskEventV1 = {
    taskId: task.id,
    title: task.title,
    completed: task.completed,
    assigneeUserId: task.assigneeUserId,
    createdBy: task.createdBy,
    dueDate: task.dueDate,
    assigneeChanged,
  }
  await writeOutbox(tx, MEETINGS_SCHEMA, createEnvelope({ type, orgId, actorId, data }))
}
