import { can, type DashboardMetrics } from '@plumbline/contracts'
import type { OrgContext } from '@plumbline/service-kit'
import { findOrgTotals } from '../data/org-totals-repo.js'
import type { AdminDeps } from '../deps.js'

/**
 * Totals for the dashboard cards, kept by the estimate and meeting event consumers. A total of a
 * module the reader's role cannot access answers 0, as the card of a module it cannot open.
 */
export async function getDashboardMetrics(deps: Pick<AdminDeps, 'prisma'>, ctx: OrgContext): Promise<DashboardMetrics> {
  const totals = await findOrgTotals(deps.prisma, ctx.orgId)
  return {
    totalEstimates: can(ctx.permissions, 'cost_estimator', 'access') ? (totals?.totalEstimates ?? 0) : 0,
    totalMeetings: can(ctx.permissions, 'ai_notetaker', 'access') ? (totals?.totalMeetings ?? 0) : 0,
  }
}
