import type { Prisma } from '../generated/prisma/client.js'
import type { Db, Tx } from './db.js'

// An estimate's phases (budget by phase). Functions take orgId first.

/** Display order. */
export function listEstimatePhases(db: Db, orgId: string, estimateId: string) {
  return db.estimatePhase.findMany({ where: { estimateId, organizationId: orgId }, orderBy: [{ sortOrder: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }] })
}

/** The order a total is split in (splitByPercentages gives rounding remainders by position). */
export function listPhasesForSplit(tx: Tx, orgId: string, estimateId: string) {
  return tx.estimatePhase.findMany({ where: { estimateId, organizationId: orgId }, orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }] })
}

export type PhaseFields = Pick<Prisma.EstimatePhaseUncheckedUpdateInput, 'percentage' | 'amount' | 'estimatedCost' | 'adjustedCost' | 'isEnabled'>

export async function updateEstimatePhase(tx: Tx, orgId: string, id: string, fields: PhaseFields): Promise<void> {
  await tx.estimatePhase.update({ where: { id, organizationId: orgId }, data: fields })
}

/** Enabled phases that are not hidden, as the public page lists them. */
export function listClientPhases(db: Db, orgId: string, estimateId: string) {
  return db.estimatePhase.findMany({
    where: { organizationId: orgId, estimateId, isEnabled: true, status: { not: 'hidden' } },
    orderBy: [{ sortOrder: 'asc' }, { createdAt: 'asc' }],
    select: { id: true, name: true, description: true, amount: true, percentage: true },
  })
}
