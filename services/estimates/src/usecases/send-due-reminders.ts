import { MailSubjects } from '@plumbline/contracts'
import { createEnvelope, writeOutbox } from '@plumbline/messaging'
import { fetchCompanySettings } from '@plumbline/service-kit'
import { inTransaction, type Tx } from '../data/db.js'
import { claimDueReminder, readClaimedReminder, updateReminder } from '../data/reminders-repo.js'
import { addTimelineEntry } from '../data/timeline-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { dueReminderBlocker, nextReminderAt } from '../domain/reminder-schedule.js'
import { ESTIMATES_SCHEMA } from '../events/record-event.js'
import { estimateReminderMail, mailBrandOf } from './estimate-mail.js'
import { shareUrlOf } from './share-link.js'

/** Due reminders one pass handles at most; the rest wait for the next pass. */
const PASS_LIMIT = 200

type Outcome = 'sent' | 'stopped' | 'none'

/**
 * Handles one due schedule in one transaction: claimed with SKIP LOCKED (so replicas never
 * handle the same one), then either the reminder (the mail request in the outbox, the timeline
 * entry, the count and the next due time) or, when the client decided, the link is off or has
 * expired, or the client unsubscribed, the schedule's end with the reason.
 */
async function handleOneDue(deps: EstimatesDeps, now: Date, claimed: { id: string | null }): Promise<Outcome> {
  return inTransaction(deps, async (tx) => {
    const estimateId = await claimDueReminder(tx, now)
    claimed.id = estimateId
    if (!estimateId) return 'none'
    const row = await readClaimedReminder(tx, estimateId)
    const { estimate } = row
    const link = estimate.shareLink
    const blocker = dueReminderBlocker({ estimate, link, recipients: row.recipients, unsubscribedAt: row.unsubscribedAt, pausedAt: row.pausedAt }, now)
    if (blocker || !link) {
      await updateReminder(tx, estimateId, { nextDueAt: null, stoppedReason: blocker ?? 'link-disabled' })
      return 'stopped'
    }
    const token = deps.shareTokens.decrypt(link.tokenCiphertext)
    if (!token) {
      await updateReminder(tx, estimateId, { nextDueAt: null, stoppedReason: 'link-disabled' })
      return 'stopped'
    }
    await queueReminderMail(deps, tx, { row, token, now })
    const sentCount = row.sentCount + 1
    const next = nextReminderAt({ ...row, sentCount, lastSentAt: now }, now)
    await updateReminder(tx, estimateId, { sentCount, lastSentAt: now, nextDueAt: next, stoppedReason: next ? null : 'done' })
    return 'sent'
  })
}

async function queueReminderMail(deps: EstimatesDeps, tx: Tx, opts: { row: Awaited<ReturnType<typeof readClaimedReminder>>; token: string; now: Date }) {
  const { row, token, now } = opts
  const { estimate } = row
  const settings = await fetchCompanySettings(deps, estimate.organizationId)
  const appUrl = deps.env.APP_URL
  const number = row.sentCount + 1
  const mail = createEnvelope({
    type: MailSubjects.estimates,
    orgId: estimate.organizationId,
    actorId: null,
    data: estimateReminderMail({
      estimate,
      brand: mailBrandOf(appUrl, estimate.organizationId, settings),
      to: row.recipients,
      replyTo: estimate.sends[0]?.sentByEmail ?? null,
      shareUrl: shareUrlOf(appUrl, token),
      unsubscribeUrl: `${shareUrlOf(appUrl, token)}/unsubscribe`,
      oneClickUrl: `${appUrl}/api/public/estimates/${token}/unsubscribe`,
      number,
      of: row.maxCount,
    }),
  })
  await writeOutbox(tx, ESTIMATES_SCHEMA, mail)
  await addTimelineEntry(tx, estimate.organizationId, estimate.id, {
    kind: 'reminded',
    actorId: null,
    actorEmail: null,
    summary: `Reminder ${number} of ${row.maxCount} sent to ${row.recipients.join(', ')}`,
    details: { mailId: mail.id, to: row.recipients, number },
    createdAt: now,
  })
}

/** A schedule whose handling failed is tried again this much later, so it cannot hold up the others. */
const RETRY_AFTER_MS = 15 * 60_000

/** One pass of the reminder worker at `now`: every due schedule, each once. */
export async function sendDueReminders(deps: EstimatesDeps, now: Date = deps.clock.now()): Promise<{ sent: number; stopped: number; failed: number }> {
  const counts = { sent: 0, stopped: 0, failed: 0 }
  for (let i = 0; i < PASS_LIMIT; i++) {
    const claimed: { id: string | null } = { id: null }
    try {
      const outcome = await handleOneDue(deps, now, claimed)
      if (outcome === 'none') break
      counts[outcome]++
    } catch (err) {
      if (!claimed.id) throw err
      counts.failed++
      deps.logger.error({ err: (err as Error).message, estimateId: claimed.id }, 'reminder failed; retrying later')
      const estimateId = claimed.id
      await inTransaction(deps, (tx) => updateReminder(tx, estimateId, { nextDueAt: new Date(now.getTime() + RETRY_AFTER_MS) }))
    }
  }
  return counts
}
