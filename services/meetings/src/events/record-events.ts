import { type MeetingEventV1, MeetingSubjects } from '@plumbline/contracts'
import { createEnvelope, writeOutbox } from '@plumbline/messaging'
import type { Tx } from '../deps.js'
import { MEETINGS_SCHEMA, TRANSCRIPTION_REQUESTED_SUBJECT } from './subjects.js'

type Actor = { orgId: string; userId: string | null }

/** meeting_created / meeting_completed / deleted, in the caller's transaction (activity, Total Meetings). */
export async function recordMeetingEvent(
  tx: Tx,
  kind: keyof typeof MeetingSubjects,
  actor: Actor,
  meeting: { id: string; title: string; status: string },
): Promise<void> {
  const data: MeetingEventV1 = { meetingId: meeting.id, title: meeting.title, status: meeting.status }
  await writeOutbox(tx, MEETINGS_SCHEMA, createEnvelope({ type: MeetingSubjects[kind], orgId: actor.orgId, actorId: actor.userId, data }))
}

/** Enqueues the job in the same transaction that created its row: the job and its message exist together or not at all. */
export async function requestTranscription(tx: Tx, actor: Actor, jobId: string): Promise<void> {
  await writeOutbox(tx, MEETINGS_SCHEMA, createEnvelope({ type: TRANSCRIPTION_REQUESTED_SUBJECT, orgId: actor.orgId, actorId: actor.userId, data: { jobId } }))
}
