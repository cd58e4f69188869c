import { can, type DashboardMetrics, type PermissionSet } from '@plumbline/contracts'
import type { Db } from '../data/db.js'
import { findOrgTotals } from '../data/org-totals-repo.js'

/**
 * Totals for the dashboard cards, kept by the estimate and meeting event consumers. A total of a
 * module the reader's role cannot access answers 0, as the card of a module it cannot open.
 */
export async function getDashboardMetrics(db: Db, orgId: string, permissions: PermissionSet): Promise<DashboardMetrics> {
  const totals = await findOrgTotals(db, orgId)
  return {
    totalEstimates: can(permissions, 'cost_estimator', 'access') ? (totals?.totalEstimates ?? 0) : 0,
    totalMeetings: can(permissions, 'ai_notetaker', 'access') ? (totals?.totalMeetings ?? 0) : 0,
  }
}
