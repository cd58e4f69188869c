import type { Db, Tx } from './db.js'

// Estimates' follow-up reminder schedules (one row per estimate). Functions take orgId first,
// except the worker's claim: a due row is found by time, whichever organisation it belongs to.

export type ReminderFields = {
  enabled: boolean
  everyDays: number
  maxCount: number
  sentCount: number
  recipients: string[]
  startedAt: Date
  lastSentAt: Date | null
  nextDueAt: Date | null
  stoppedReason: string | null
  pausedAt: Date | null
}

export const findReminder = (db: Db, orgId: string, estimateId: string) => db.estimateReminder.findFirst({ where: { organizationId: orgId, estimateId } })

export async function saveReminder(tx: Tx, orgId: string, estimateId: string, fields: ReminderFields): Promise<void> {
  await tx.estimateReminder.upsert({ where: { estimateId }, create: { organizationId: orgId, estimateId, ...fields }, update: fields })
}

/**
 * Claims one due schedule for this transaction: rows another replica holds are skipped, so each
 * due reminder is handled by exactly one worker; null when nothing is due.
 */
export async function claimDueReminder(tx: Tx, now: Date): Promise<string | null> {
  const rows = await tx.$queryRaw<{ estimate_id: string }[]>`
    SELECT estimate_id FROM estimate_reminders
    WHERE next_due_at <= ${now}
    ORDER BY next_due_at
    LIMIT 1
    FOR UPDATE SKIP LOCKED`
  return rows[0]?.estimate_id ?? null
}

/** A claimed schedule with what deciding about it needs: the estimate, its link, its last send. */
export const readClaimedReminder = (tx: Tx, estimateId: string) =>
  tx.estimateReminder.findUniqueOrThrow({
    where: { estimateId },
    include: {
      estimate: {
        include: {
          shareLink: true,
          sends: { orderBy: { createdAt: 'desc' }, take: 1, select: { sentByEmail: true } },
        },
      },
    },
  })

export async function updateReminder(tx: Tx, estimateId: string, fields: Partial<ReminderFields> & { unsubscribedAt?: Date }): Promise<void> {
  await tx.estimateReminder.update({ where: { estimateId }, data: fields })
}

/** The client's unsubscribe: no reminders for the estimate from now on. */
export async function markReminderUnsubscribed(tx: Tx, orgId: string, estimateId: string, now: Date): Promise<void> {
  await tx.estimateReminder.updateMany({
    where: { organizationId: orgId, estimateId, unsubscribedAt: null },
    data: { unsubscribedAt: now, nextDueAt: null, stoppedReason: 'unsubscribed' },
  })
}
