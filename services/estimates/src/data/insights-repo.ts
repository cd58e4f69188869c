import { Prisma } from '../generated/prisma/client.js'
import type { RunSql } from './db.js'

export type InsightsRow = {
  month: string
  by_status: Record<string, number> | null
  approved: number
  rejected: number
  average_value: string | null
  pipeline_value: string
  pipeline_count: number
}

/** One statement over the organisation's live estimates: this month's counts by status, decisions, average and pipeline. */
export async function readInsights(run: RunSql, orgId: string): Promise<InsightsRow> {
  const [row] = await run<InsightsRow>(Prisma.sql`
    WITH live AS (SELECT status, total_cost, created_at FROM estimates WHERE organization_id = ${orgId} AND deleted_at IS NULL),
         month AS (SELECT date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS start)
    SELECT to_char((SELECT start FROM month) AT TIME ZONE 'UTC', 'YYYY-MM') AS month,
           (SELECT jsonb_object_agg(status, n) FROM (SELECT status, count(*)::int AS n FROM live WHERE created_at >= (SELECT start FROM month) GROUP BY status) s) AS by_status,
           count(*) FILTER (WHERE status = 'approved')::int AS approved,
           count(*) FILTER (WHERE status = 'rejected')::int AS rejected,
           round(avg(total_cost), 2)::text AS average_value,
           coalesce(sum(total_cost) FILTER (WHERE status IN ('shared', 'viewed')), 0)::numeric(14, 2)::text AS pipeline_value,
           count(*) FILTER (WHERE status IN ('shared', 'viewed'))::int AS pipeline_count
      FROM live`)
  return row
}
