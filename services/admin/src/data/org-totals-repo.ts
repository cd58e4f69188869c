import type { Db, Tx } from './db.js'

export const findOrgTotals = (db: Db, orgId: string) => db.orgTotals.findUnique({ where: { organizationId: orgId } })

export async function incrementTotalEstimates(tx: Tx, orgId: string): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO org_totals (organization_id, total_estimates) VALUES (${orgId}, 1)
    ON CONFLICT (organization_id) DO UPDATE SET total_estimates = org_totals.total_estimates + 1`
}

/** Never below zero: a delete seen without its create (e.g. history before this service) must not go negative. */
export async function decrementTotalEstimates(tx: Tx, orgId: string): Promise<void> {
  await tx.$executeRaw`UPDATE org_totals SET total_estimates = GREATEST(total_estimates - 1, 0) WHERE organization_id = ${orgId}`
}

/** Total Meetings moves by one per live meeting (see counted-meetings-repo.ts); never below zero. */
export async function addToTotalMeetings(tx: Tx, orgId: string, delta: 1 | -1): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO org_totals (organization_id, total_meetings) VALUES (${orgId}, GREATEST(${delta}, 0))
    ON CONFLICT (organization_id) DO UPDATE SET total_meetings = GREATEST(org_totals.total_meetings + ${delta}, 0)`
}
