import { ESTIMATE_STATUSES, type EstimateInsights, moneyText } from '@plumbline/contracts'
import type { OrgContext } from '@plumbline/service-kit'
import { readInsights } from '../data/insights-repo.js'
import type { EstimatesDeps } from '../deps.js'

/** The Business insights card: this month's estimates by status, win rate, average value and pipeline. */
export async function getInsights(deps: Pick<EstimatesDeps, 'queryRows'>, ctx: OrgContext): Promise<EstimateInsights> {
  const row = await readInsights(deps.queryRows, ctx.orgId)
  const decided = row.approved + row.rejected
  return {
    month: row.month,
    createdThisMonth: Object.fromEntries(ESTIMATE_STATUSES.map((s) => [s, row.by_status?.[s] ?? 0])) as EstimateInsights['createdThisMonth'],
    winRate: decided ? row.approved / decided : null,
    decided,
    averageValue: row.average_value === null ? null : moneyText(row.average_value),
    pipelineValue: moneyText(row.pipeline_value),
    pipelineCount: row.pipeline_count,
  }
}
