import type { Prisma } from '../generated/prisma/client.js'
import type { Db, Tx } from './db.js'

// Client decisions on estimates: immutable rows, the record of what a client approved or declined.

export type NewApproval = Omit<Prisma.EstimateApprovalUncheckedCreateInput, 'id' | 'organizationId'>

export async function insertApproval(tx: Tx, orgId: string, approval: NewApproval): Promise<void> {
  await tx.estimateApproval.create({ data: { ...approval, organizationId: orgId } })
}

/** The latest decision on the estimate, only among those after `after` when given (the last reopen). */
export function findLatestApproval(db: Db, orgId: string, estimateId: string, after: Date | null) {
  return db.estimateApproval.findFirst({
    where: { organizationId: orgId, estimateId, ...(after ? { decidedAt: { gt: after } } : {}) },
    orderBy: { decidedAt: 'desc' },
  })
}
