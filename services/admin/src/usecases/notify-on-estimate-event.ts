import { type NotificationKind, Subjects } from '@plumbline/contracts'
import type { Tx } from '../data/db.js'
import { forgetEstimate, participantsOf, recordCreator, recordSharer } from '../data/estimate-participants-repo.js'
import { deleteNotificationsAbout, insertNotifications } from '../data/notifications-repo.js'
import type { EstimateEvent } from '../domain/estimate-event.js'
import { occurredAtOf } from '../domain/month.js'
import { isTooOldToNotify, recipientsOf } from '../domain/notification-text.js'
import { mailNotification } from './notification-mail.js'

/** Client (or by-hand) outcomes of a shared estimate, and the kind each becomes. */
const OUTCOMES: Partial<Record<string, NotificationKind>> = {
  [Subjects.estimateViewed]: 'estimate_viewed',
  [Subjects.estimateApproved]: 'estimate_approved',
  [Subjects.estimateRejected]: 'estimate_declined',
  [Subjects.estimateChangeRequested]: 'estimate_change_requested',
}

/**
 * The bell's view of one estimates.estimate.* event, taken from one durable that follows them
 * all, so they arrive in the order they happened: created names the creator and shared the last
 * sharer before any client event of the same estimate can need them.
 *
 * - shared: the creator hears when a teammate shares their estimate (not when they share it);
 * - viewed, approved, rejected, change requested: the creator and the last sharer hear, except whoever did it (a
 *   teammate setting the status by hand); a client has no actor. A view is announced once per
 *   estimate and day (estimates records only the first open anyway; a fresh link could bring
 *   another);
 * - deleted: its notifications go, since their link would lead to a missing estimate.
 *
 * A client's view, approval, decline or change request also goes by e-mail (notification-mail.ts),
 * once per new bell entry, to members who keep e-mail on for that kind; a change request's e-mail
 * quotes the client's message.
 */
export async function notifyOnEstimateEvent(
  tx: Tx,
  event: EstimateEvent,
  orgId: string,
  now: Date = new Date(),
  /** Where notification e-mails link to; without it, the bell only. */
  mail?: { appUrl: string },
): Promise<void> {
  const { estimateId, projectName, clientName } = event.data
  const at = occurredAtOf(event.occurredAt, now)
  const base = { orgId, entityId: estimateId, target: projectName, detail: clientName, actorId: event.actorId, createdAt: at }

  if (event.type === Subjects.estimateCreated) return recordCreator(tx, orgId, estimateId, event.actorId)
  if (event.type === Subjects.estimateDeleted) {
    await forgetEstimate(tx, orgId, estimateId)
    return deleteNotificationsAbout(tx, orgId, estimateId)
  }
  if (event.type === Subjects.estimateShared) {
    const { creatorId } = await participantsOf(tx, orgId, estimateId)
    if (event.actorId) await recordSharer(tx, orgId, estimateId, event.actorId, at)
    if (isTooOldToNotify(at, now)) return
    await insertNotifications(
      tx,
      recipientsOf([creatorId], event.actorId).map((userId) => ({ ...base, userId, kind: 'estimate_shared' as const, sourceKey: event.id })),
    )
    return
  }
  const kind = OUTCOMES[event.type]
  if (!kind || isTooOldToNotify(at, now)) return
  const { creatorId, sharerId } = await participantsOf(tx, orgId, estimateId)
  const sourceKey = kind === 'estimate_viewed' ? `estimate-viewed:${estimateId}:${at.toISOString().slice(0, 10)}` : event.id
  for (const userId of recipientsOf([creatorId, sharerId], event.actorId)) {
    const row = { ...base, userId, kind, sourceKey }
    // A new bell entry (not a repeat of today's view) also goes by e-mail when the member wants it.
    if ((await insertNotifications(tx, [row])) && mail) await mailNotification(tx, mail.appUrl, row, null, event.data.message ?? null)
  }
}
