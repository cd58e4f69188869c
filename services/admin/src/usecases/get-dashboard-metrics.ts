import type { DashboardMetrics } from '@plumbline/contracts'

/** Totals for the dashboard cards; fed by estimate and meeting events once those services exist. */
export async function getDashboardMetrics(_orgId: string): Promise<DashboardMetrics> {
  return { totalEstimates: 0, totalMeetings: 0 }
}
