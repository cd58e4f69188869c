import type { ReminderStopReason } from '@plumbline/contracts'

// When an estimate's next follow-up reminder is due, and whether a due one may go out. Pure: the
// worker and the use cases pass the time (the injectable clock's).

const DAY_MS = 86_400_000

export type ReminderSchedule = {
  enabled: boolean
  everyDays: number
  maxCount: number
  sentCount: number
  startedAt: Date
  lastSentAt: Date | null
  unsubscribedAt: Date | null
  /** The client asked for changes: nothing is due until the next send. */
  pausedAt: Date | null
}

/** Why nothing more is scheduled on the schedule's own terms (off is no reason: it is just off). */
export function scheduleStopReason(s: ReminderSchedule): ReminderStopReason | null {
  if (s.unsubscribedAt) return 'unsubscribed'
  if (s.enabled && s.sentCount >= s.maxCount) return 'done'
  if (s.enabled && s.pausedAt) return 'changes-requested'
  return null
}

/** everyDays after the last reminder (or the send that started it), never before `now`; null when none is due any more. */
export function nextReminderAt(s: ReminderSchedule, now: Date): Date | null {
  if (!s.enabled || scheduleStopReason(s)) return null
  const from = (s.lastSentAt ?? s.startedAt).getTime() + s.everyDays * DAY_MS
  return new Date(Math.max(from, now.getTime()))
}

export type ReminderLinkState = {
  estimate: { status: string; deletedAt: Date | null }
  link: { revokedAt: Date | null; expiresAt: Date | null } | null
  recipients: string[]
  unsubscribedAt: Date | null
  pausedAt: Date | null
}

/** A due reminder goes out only while the link is open and the client undecided; else why it stops. */
export function dueReminderBlocker(s: ReminderLinkState, now: Date): ReminderStopReason | null {
  if (s.estimate.status === 'approved' || s.estimate.status === 'rejected') return 'decided'
  if (s.estimate.deletedAt || !s.link || s.link.revokedAt) return 'link-disabled'
  if (s.link.expiresAt && s.link.expiresAt.getTime() <= now.getTime()) return 'expired'
  if (s.unsubscribedAt) return 'unsubscribed'
  if (s.pausedAt) return 'changes-requested'
  if (s.recipients.length === 0) return 'no-recipient'
  return null
}
