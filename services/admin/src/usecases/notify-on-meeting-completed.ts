import type { EventEnvelope, MeetingEventV1 } from '@plumbline/contracts'
import type { Tx } from '../data/db.js'
import { insertNotifications } from '../data/notifications-repo.js'
import { occurredAtOf } from '../domain/month.js'
import { isTooOldToNotify } from '../domain/notification-text.js'

/**
 * A meeting finished transcribing: its creator hears (the meetings service publishes the
 * completion with the creator as actor). The one notification about "your own" action: the
 * work was the transcriber's, which takes minutes, and the creator has usually moved on.
 */
export async function notifyOnMeetingCompleted(tx: Tx, event: EventEnvelope<MeetingEventV1>, orgId: string, now: Date = new Date()): Promise<void> {
  const at = occurredAtOf(event.occurredAt, now)
  if (!event.actorId || isTooOldToNotify(at, now)) return
  await insertNotifications(tx, [
    {
      orgId,
      userId: event.actorId,
      sourceKey: event.id,
      kind: 'meeting_transcribed',
      entityId: event.data.meetingId,
      target: event.data.title,
      detail: null,
      actorId: null,
      createdAt: at,
    },
  ])
}
