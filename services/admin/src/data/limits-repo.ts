import type { QueryRows } from '@plumbline/db'
import { effectiveLimits, type LimitSource, type Limits, type UsageKind } from '../domain/limits.js'
import type { AdminEnv } from '../env.js'
import type { Db } from './db.js'

export const FREE_PLAN_ID = 'free'

export const defaultLimits = (env: AdminEnv): Limits => ({
  estimates: env.DEFAULT_ESTIMATES_LIMIT,
  pdf: env.DEFAULT_PDF_LIMIT,
  ai: env.DEFAULT_AI_LIMIT,
})

/** The limits that apply to an organisation now: override > plan > configured default. */
export async function limitsOf(db: Db, env: AdminEnv, orgId: string): Promise<Limits> {
  const [assignment, override] = await Promise.all([
    db.organizationPlan.findUnique({ where: { organizationId: orgId }, include: { plan: true } }),
    db.subscriptionOverride.findUnique({ where: { organizationId: orgId } }),
  ])
  return effectiveLimits(defaultLimits(env), assignment?.plan ?? null, override)
}

/** Every organisation's plan assignment, with its plan. */
export const listPlanAssignments = (db: Db) => db.organizationPlan.findMany({ include: { plan: true } })

/** Keeps the Free plan equal to the configured defaults (the env is its source of truth). */
export async function upsertFreePlan(db: Db, env: AdminEnv): Promise<void> {
  const l = defaultLimits(env)
  await db.$executeRaw`
    INSERT INTO plans (id, name, estimates_per_month, pdf_generations_per_month, ai_generations_per_month)
    VALUES (${FREE_PLAN_ID}, 'Free', ${l.estimates}, ${l.pdf}, ${l.ai})
    ON CONFLICT (id) DO UPDATE SET estimates_per_month = EXCLUDED.estimates_per_month,
      pdf_generations_per_month = EXCLUDED.pdf_generations_per_month, ai_generations_per_month = EXCLUDED.ai_generations_per_month`
}

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
 * What a quota check weighs, in one read straight on the pool (it runs before every estimate
 * create, PDF and AI generation): the month's count of this kind, the override and the plan.
 */
export async function readQuotaFacts(
  queryRows: QueryRows,
  orgId: string,
  month: string,
  kind: UsageKind,
): Promise<{ used: number; plan: LimitSource | null; override: LimitSource | null }> {
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
    values: [orgId, month, kind],
  })
  return {
    used: row.used ?? 0,
    plan: sourceOf(row.plan_found, row.p_estimates, row.p_pdf, row.p_ai),
    override: sourceOf(row.override_found, row.o_estimates, row.o_pdf, row.o_ai),
  }
}
