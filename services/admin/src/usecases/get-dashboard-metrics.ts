import type { DashboardMetrics } from '@plumbline/contracts'
import { findOrgTotals } from '../data/org-totals-repo.js'
import type { Db } from '../deps.js'

/** Totals for the dashboard cards, kept by the estimate and meeting event consumers. */
export async function getDashboardMetrics(db: Db, orgId: string): Promise<DashboardMetrics> {
  const totals = await findOrgTotals(db, orgId)
  return { totalEstimates: totals?.totalEstimates ?? 0, totalMeetings: totals?.totalMeetings ?? 0 }
}
