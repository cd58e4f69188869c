import type { Db } from '../deps.js'
import { effectiveLimits, type Limits } from '../domain/limits.js'
import type { AdminEnv } from '../env.js'

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

/** Keeps the Free plan equal to the configured defaults (the env is its source of truth). */
export async function upsertFreePlan(db: Db, env: AdminEnv): Promise<void> {
  const l = defaultLimits(env)
  await db.$executeRaw`
    INSERT INTO plans (id, name, estimates_per_month, pdf_generations_per_month, ai_generations_per_month)
    VALUES (${FREE_PLAN_ID}, 'Free', ${l.estimates}, ${l.pdf}, ${l.ai})
    ON CONFLICT (id) DO UPDATE SET estimates_per_month = EXCLUDED.estimates_per_month,
      pdf_generations_per_month = EXCLUDED.pdf_generations_per_month, ai_generations_per_month = EXCLUDED.ai_generations_per_month`
}
