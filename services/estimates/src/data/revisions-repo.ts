import type { Prisma } from '../generated/prisma/client.js'
import type { Db, Tx } from './db.js'

// An estimate's revisions (what the client could see, frozen) and which one each share link last
// showed. Functions take orgId first, except the link's own row, found by its id.

export type NewRevision = {
  number: number
  reason: 'sent' | 'viewed'
  actorId: string | null
  actorEmail: string | null
  snapshot: Prisma.InputJsonValue
  contentSha256: string
  createdAt: Date
}

/** The estimate's newest revision (its number, content hash and snapshot), or null before the first. */
export const findLatestRevision = (db: Db, orgId: string, estimateId: string) =>
  db.estimateRevision.findFirst({ where: { organizationId: orgId, estimateId }, orderBy: { number: 'desc' } })

export const insertRevision = (tx: Tx, orgId: string, estimateId: string, revision: NewRevision) =>
  tx.estimateRevision.create({ data: { organizationId: orgId, estimateId, ...revision } })

/** Revisions of the estimate by id (those that exist; another estimate's or organisation's are left out). */
export const findRevisions = (db: Db, orgId: string, estimateId: string, ids: string[]) =>
  db.estimateRevision.findMany({ where: { organizationId: orgId, estimateId, id: { in: ids } } })

export const findRevision = (db: Db, orgId: string, estimateId: string, id: string) =>
  db.estimateRevision.findFirst({ where: { organizationId: orgId, estimateId, id } })

export type RevisionListRow = {
  id: string
  number: number
  reason: string
  actor_id: string | null
  actor_email: string | null
  created_at: Date
  total_cost: string | null
  grand_total: string | null
}

/** The newest `limit` revisions, newest first, with their totals read out of the snapshot (not the whole snapshot). */
export const listRevisionRows = (db: Db, orgId: string, estimateId: string, limit: number) =>
  db.$queryRaw<RevisionListRow[]>`
    SELECT id, number, reason, actor_id, actor_email, created_at,
           snapshot->>'totalCost' AS total_cost, snapshot->>'grandTotal' AS grand_total
    FROM estimate_revisions
    WHERE organization_id = ${orgId} AND estimate_id = ${estimateId}::uuid
    ORDER BY number DESC
    LIMIT ${limit}`

/** Which revision the link last showed the client, and since when. */
export const readLinkSeen = (tx: Tx, linkId: string) => tx.shareLink.findUnique({ where: { id: linkId }, select: { seenRevisionId: true, seenAt: true } })

export async function markLinkSeen(tx: Tx, linkId: string, revisionId: string, at: Date): Promise<void> {
  await tx.shareLink.update({ where: { id: linkId }, data: { seenRevisionId: revisionId, seenAt: at } })
}
