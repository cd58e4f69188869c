import { markDeleted } from '../data/counted-estimates-repo.js'
import type { Tx } from '../data/db.js'
import { decrementTotalEstimates } from '../data/org-totals-repo.js'
import { decrementUsage } from '../data/usage-repo.js'

/**
 * The dashboard total goes down for an estimate that was counted (so a delete handled before its
 * create, or a repeated delete, changes nothing). The monthly quota comes back only when the
 * estimate is deleted in the UTC month it was created in (README "Quota and deleting"): a
 * mistaken or test estimate removed at once costs nothing; last month's usage is history.
 * `gaveBack` says so (the services' kept quota answers then undercount the headroom).
 */
export async function recordEstimateDeleted(tx: Tx, orgId: string, estimateId: string, month: string): Promise<{ gaveBack: boolean }> {
  const mark = await markDeleted(tx, orgId, estimateId, month)
  if (mark.counted) await decrementTotalEstimates(tx, orgId)
  if (mark.sameMonth) await decrementUsage(tx, orgId, month, 'estimates')
  return { gaveBack: mark.sameMonth }
}
