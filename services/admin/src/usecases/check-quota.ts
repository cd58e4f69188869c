import type { QuotaCheckReply } from '@plumbline/contracts'
import type { QueryRows } from '@plumbline/db'
import { defaultLimits, readQuotaFacts } from '../data/limits-repo.js'
import { effectiveLimits, quotaVerdict, type UsageKind } from '../domain/limits.js'
import { monthOf } from '../domain/month.js'
import type { AdminEnv } from '../env.js'

/**
 * May the organisation do one more counted action of this kind this month? Limits and usage are
 * read on every check (one statement, not four Prisma queries), so a changed override or plan
 * holds from the next request on.
 */
export async function checkQuota(queryRows: QueryRows, env: AdminEnv, orgId: string, kind: UsageKind, now = new Date()): Promise<QuotaCheckReply> {
  const facts = await readQuotaFacts(queryRows, orgId, monthOf(now), kind)
  const limits = effectiveLimits(defaultLimits(env), facts.plan, facts.override)
  return quotaVerdict(facts.used, limits[kind])
}
