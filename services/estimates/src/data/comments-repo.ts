import type { Db, Tx } from './db.js'

// An estimate's change-request thread: the client's messages on the share link and the team's
// replies. Functions take orgId first.

export type NewComment = {
  author: 'client' | 'contractor'
  authorId: string | null
  authorEmail: string | null
  body: string
  mailedTo: string[]
  createdAt: Date
}

export const insertComment = (tx: Tx, orgId: string, estimateId: string, comment: NewComment) =>
  tx.estimateComment.create({ data: { organizationId: orgId, estimateId, ...comment } })

/** The newest `limit` messages of the estimate, oldest first. */
export async function listComments(db: Db, orgId: string, estimateId: string, limit: number) {
  const rows = await db.estimateComment.findMany({
    where: { organizationId: orgId, estimateId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit,
  })
  return rows.reverse()
}

/** The client's messages on the estimate since `since`: how many, and the oldest one's time. */
export async function recentClientComments(tx: Tx, orgId: string, estimateId: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
  const agg = await tx.estimateComment.aggregate({
    where: { organizationId: orgId, estimateId, author: 'client', createdAt: { gt: since } },
    _count: { _all: true },
    _min: { createdAt: true },
  })
  return { count: agg._count._all, oldest: agg._min.createdAt }
}
