import type { TimelineKind } from '@plumbline/contracts'
import type { Db, Tx } from './db.js'

// An estimate's timeline (who sent it to whom, when the client viewed and decided) and its sends.
// Functions take orgId first.

export type NewTimelineEntry = {
  kind: TimelineKind
  actorId: string | null
  actorEmail: string | null
  summary: string
  details?: Record<string, unknown>
  createdAt?: Date
}

export async function addTimelineEntry(tx: Tx, orgId: string, estimateId: string, entry: NewTimelineEntry): Promise<void> {
  await tx.estimateTimelineEntry.create({
    data: {
      organizationId: orgId,
      estimateId,
      kind: entry.kind,
      actorId: entry.actorId,
      actorEmail: entry.actorEmail,
      summary: entry.summary,
      details: (entry.details ?? {}) as object,
      ...(entry.createdAt ? { createdAt: entry.createdAt } : {}),
    },
  })
}

/** Newest first. */
export const listTimeline = (db: Db, orgId: string, estimateId: string) =>
  db.estimateTimelineEntry.findMany({ where: { organizationId: orgId, estimateId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 200 })

/**
 * Serialises the organisation's sends (a transaction-scoped advisory lock), so two concurrent
 * sends cannot both pass the hourly limit on the last free slot.
 */
export async function lockOrganizationSends(tx: Tx, orgId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`estimate-sends:${orgId}`}, 0))`
}

/** The organisation's sends since `since`: how many, and the oldest one's time. */
export async function recentSends(tx: Tx, orgId: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
  const agg = await tx.estimateSend.aggregate({ where: { organizationId: orgId, createdAt: { gt: since } }, _count: { _all: true }, _min: { createdAt: true } })
  return { count: agg._count._all, oldest: agg._min.createdAt }
}

export type NewSend = {
  id: string
  estimateId: string
  sentBy: string
  sentByEmail: string
  to: string[]
  cc: string[]
  subject: string
  message: string | null
  attachPdf: boolean
  createdAt: Date
}

export async function insertSend(tx: Tx, orgId: string, send: NewSend): Promise<void> {
  await tx.estimateSend.create({ data: { organizationId: orgId, ...send } })
}

/** Who the estimate was last sent to (the send's to), or null when it was never sent from the app. */
export async function lastSendRecipients(db: Db, orgId: string, estimateId: string): Promise<string[] | null> {
  const send = await db.estimateSend.findFirst({ where: { organizationId: orgId, estimateId }, orderBy: { createdAt: 'desc' }, select: { to: true } })
  return send?.to ?? null
}
