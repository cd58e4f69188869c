import { Subjects } from '@plumbline/contracts'
import { markCreated } from '../data/counted-estimates-repo.js'
import type { Tx } from '../data/db.js'
import { incrementTotalEstimates } from '../data/org-totals-repo.js'
import { incrementUsage } from '../data/usage-repo.js'
import type { EstimateEvent } from '../domain/estimate-event.js'
import { monthOf, occurredAtOf } from '../domain/month.js'
import { recordEstimateActivity } from './record-estimate-activity.js'

/**
 * A new estimate counts against the month it was created in and the dashboard total, once per
 * estimate (even if it was published twice under different event ids), and appears in the feed.
 */
export async function recordEstimateCreated(tx: Tx, event: EstimateEvent, orgId: string): Promise<void> {
  const month = monthOf(occurredAtOf(event.occurredAt))
  const mark = await markCreated(tx, orgId, event.data.estimateId, month)
  // A delete of the same month seen first means the quota is already given back; the total counts live estimates.
  if (mark.first && !mark.deletedSameMonth) await incrementUsage(tx, orgId, month, 'estimates')
  if (mark.alive) await incrementTotalEstimates(tx, orgId)
  await recordEstimateActivity(tx, Subjects.estimateCreated, event, orgId)
}
