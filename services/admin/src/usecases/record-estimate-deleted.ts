import { markDeleted } from '../data/counted-estimates-repo.js'
import { decrementTotalEstimates } from '../data/org-totals-repo.js'
import type { Tx } from '../deps.js'

/**
 * Only the dashboard total goes down, and only for an estimate that was counted (so a delete
 * handled before its create, or a repeated delete, changes nothing). The monthly usage counts
 * creations: deleting and re-creating cannot get around the quota.
 */
export async function recordEstimateDeleted(tx: Tx, orgId: string, estimateId: string): Promise<void> {
  if (await markDeleted(tx, orgId, estimateId)) await decrementTotalEstimates(tx, orgId)
}
