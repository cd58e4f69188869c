import type { QuotaCheckReply } from '@plumbline/contracts'
import type { QueryRows } from '@plumbline/db'
import { defaultLimits } from '../data/limits-repo.js'
import type { UsageKind } from '../domain/limits.js'
import { effectiveLimits, type LimitSource, quotaVerdict } from '../domain/limits.js'
import { monthOf } from '../domain/month.js'
import type { AdminEnv } from '../env.js'

type QuotaRow = {
  used: number | null
  override_found: boolean
  o_estimates: number | null
  o_pdf: number | null
  o_ai: number | null
  plan_found: boolean
  p_estimates: number | null
  p_pdf: number | null
  p_ai: number | null
}

const sourceOf = (found: boolean, estimates: number | null, pdf: number | null, ai: number | null): LimitSource | null =>
  found ? { estimatesPerMonth: estimates, pdfGenerationsPerMonth: pdf, aiGenerationsPerMonth: ai } : null

/**
 * May the organisation do one more counted action of this kind this month? Asked before every
 * estimate create, PDF and AI generation, so it is one read (the month's count, the override and
 * the plan) straight on the pool, not four Prisma queries; limits are still read on every check,
 * so a changed override or plan holds from the next request on.
 */
export async function checkQuota(queryRows: QueryRows, env: AdminEnv, orgId: string, kind: UsageKind, now = new Date()): Promise<QuotaCheckReply> {
  const [row] = await queryRows<QuotaRow>({
    text: `SELECT (SELECT count FROM usage_counters WHERE organization_id = $1 AND month = $2 AND kind = $3::usage_kind) AS used,
                  o.organization_id IS NOT NULL AS override_found, o.estimates_per_month AS o_estimates,
                  o.pdf_generations_per_month AS o_pdf, o.ai_generations_per_month AS o_ai,
                  p.id IS NOT NULL AS plan_found, p.estimates_per_month AS p_estimates,
                  p.pdf_generations_per_month AS p_pdf, p.ai_generations_per_month AS p_ai
           FROM (SELECT $1::text AS organization_id) org
           LEFT JOIN subscription_overrides o ON o.organization_id = org.organization_id
           LEFT JOIN organization_plans op ON op.organization_id = org.organization_id
           LEFT JOIN plans p ON p.id = op.plan_id`,
    values: [orgId, monthOf(now), kind],
  })
  const limits = effectiveLimits(
    defaultLimits(env),
    sourceOf(row.plan_found, row.p_estimates, row.p_pdf, row.p_ai),
    sourceOf(row.override_found, row.o_estimates, row.o_pdf, row.o_ai),
  )
  return quotaVerdict(row.used ?? 0, limits[kind])
}
