import type { EventEnvelope, MeetingEventV1 } from '@plumbline/contracts'
import { insertActivity } from '../data/activities-repo.js'
import { markMeetingCreated, markMeetingDeleted } from '../data/counted-meetings-repo.js'
import type { Tx } from '../data/db.js'
import { deleteNotificationsAbout } from '../data/notifications-repo.js'
import { addToTotalMeetings } from '../data/org-totals-repo.js'
import { MEETING_ACTIVITIES } from '../domain/activity-text.js'
import { occurredAtOf } from '../domain/month.js'

type MeetingEvent = EventEnvelope<MeetingEventV1>

async function recordMeetingActivity(tx: Tx, kind: keyof typeof MEETING_ACTIVITIES, event: MeetingEvent, orgId: string): Promise<void> {
  const { type, action } = MEETING_ACTIVITIES[kind]
  await insertActivity(tx, { id: event.id, orgId, type, action, target: event.data.title, actorId: event.actorId, createdAt: occurredAtOf(event.occurredAt) })
}

/** A new meeting counts in the dashboard's Total Meetings once and appears in the feed (meeting_created). */
export async function recordMeetingCreated(tx: Tx, event: MeetingEvent, orgId: string): Promise<void> {
  if (await markMeetingCreated(tx, orgId, event.data.meetingId)) await addToTotalMeetings(tx, orgId, 1)
  await recordMeetingActivity(tx, 'created', event, orgId)
}

/** A transcribed and summarised meeting appears in the feed (meeting_completed). */
export async function recordMeetingCompleted(tx: Tx, event: MeetingEvent, orgId: string): Promise<void> {
  await recordMeetingActivity(tx, 'completed', event, orgId)
}

/** A deleted meeting leaves the Total and the bells (a "transcribed" notification would open nothing). */
export async function recordMeetingDeleted(tx: Tx, event: MeetingEvent, orgId: string): Promise<void> {
  if (await markMeetingDeleted(tx, orgId, event.data.meetingId)) await addToTotalMeetings(tx, orgId, -1)
  await deleteNotificationsAbout(tx, orgId, event.data.meetingId)
}
