import type { ReminderSettings, ReminderState, ReminderStopReason } from '@plumbline/contracts'
import { inTransaction, type Tx } from '../data/db.js'
import { findReminder, markReminderUnsubscribed, saveReminder, updateReminder } from '../data/reminders-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { nextReminderAt, type ReminderSchedule, scheduleStopReason } from '../domain/reminder-schedule.js'
import { findPublicShare } from './find-public-share.js'

// An estimate's follow-up reminders: (re)started by each send, changed from the share dialog,
// paused by the client's change request until the next send, stopped by the client's unsubscribe. The worker (events/reminder-worker.ts) sends them.

type ReminderRow = NonNullable<Awaited<ReturnType<typeof findReminder>>>

/** The contractor's view of a schedule; an estimate without one shows the company's default, nothing sent. */
export function reminderStateOf(row: ReminderRow | null, fallback: { settings: ReminderSettings; recipients: string[] }): ReminderState {
  if (!row) return { ...fallback.settings, sent: 0, nextAt: null, stoppedReason: null, recipients: fallback.recipients }
  return {
    enabled: row.enabled,
    everyDays: row.everyDays,
    max: row.maxCount,
    sent: row.sentCount,
    nextAt: row.nextDueAt?.toISOString() ?? null,
    stoppedReason: row.stoppedReason as ReminderStopReason | null,
    recipients: row.recipients,
  }
}

const scheduleOf = (row: ReminderRow): ReminderSchedule => ({ ...row })

/**
 * A send starts the schedule again: from the send's time, to the send's recipients, with the
 * send's settings (else the estimate's own, else the company's), ending a pause for a change
 * request. A client who unsubscribed stays unsubscribed.
 */
export async function restartRemindersOnSend(
  tx: Tx,
  orgId: string,
  estimateId: string,
  opts: { to: string[]; requested: ReminderSettings | undefined; companyDefault: ReminderSettings; now: Date },
): Promise<void> {
  const existing = await findReminder(tx, orgId, estimateId)
  const settings = opts.requested ?? (existing ? { enabled: existing.enabled, everyDays: existing.everyDays, max: existing.maxCount } : opts.companyDefault)
  const schedule: ReminderSchedule = {
    enabled: settings.enabled,
    everyDays: settings.everyDays,
    maxCount: settings.max,
    sentCount: 0,
    startedAt: opts.now,
    lastSentAt: null,
    unsubscribedAt: existing?.unsubscribedAt ?? null,
    pausedAt: null,
  }
  await saveReminder(tx, orgId, estimateId, {
    ...schedule,
    recipients: opts.to,
    nextDueAt: nextReminderAt(schedule, opts.now),
    stoppedReason: scheduleStopReason(schedule),
  })
}

/**
 * The share dialog's change of an estimate's reminders. Reminders already sent count against the
 * new maximum; the next is due everyDays after the last one (or the send). An estimate never sent
 * from the app reminds its client e-mail, counting from now.
 */
export async function changeReminders(
  tx: Tx,
  orgId: string,
  estimate: { id: string; clientEmail: string | null },
  settings: ReminderSettings,
  now: Date,
): Promise<void> {
  const existing = await findReminder(tx, orgId, estimate.id)
  const schedule: ReminderSchedule = existing
    ? { ...scheduleOf(existing), enabled: settings.enabled, everyDays: settings.everyDays, maxCount: settings.max }
    : {
        enabled: settings.enabled,
        everyDays: settings.everyDays,
        maxCount: settings.max,
        sentCount: 0,
        startedAt: now,
        lastSentAt: null,
        unsubscribedAt: null,
        pausedAt: null,
      }
  await saveReminder(tx, orgId, estimate.id, {
    ...schedule,
    recipients: existing?.recipients ?? (estimate.clientEmail ? [estimate.clientEmail] : []),
    nextDueAt: nextReminderAt(schedule, now),
    stoppedReason: scheduleStopReason(schedule),
  })
}

/**
 * The client asked for changes: no reminder goes out while the contractor works on them, until
 * the next send restarts the schedule (changing the settings in the share dialog keeps the pause).
 */
export async function pauseRemindersForChanges(tx: Tx, orgId: string, estimateId: string, now: Date): Promise<void> {
  const existing = await findReminder(tx, orgId, estimateId)
  if (!existing || existing.pausedAt) return
  const schedule: ReminderSchedule = { ...scheduleOf(existing), pausedAt: now }
  await updateReminder(tx, estimateId, { pausedAt: now, nextDueAt: null, stoppedReason: existing.stoppedReason ?? scheduleStopReason(schedule) })
}

/**
 * POST /public/estimates/{token}/unsubscribe: the reminder mail's one-click unsubscribe (also the
 * page's button). It shows nothing of the estimate, so neither the passcode nor the expiry is asked.
 */
export async function unsubscribeFromReminders(deps: EstimatesDeps, token: string): Promise<{ unsubscribed: true }> {
  const share = await findPublicShare(deps, deps.prisma, token)
  await inTransaction(deps, (tx) => markReminderUnsubscribed(tx, share.organizationId, share.estimateId, deps.clock.now()))
  return { unsubscribed: true }
}
