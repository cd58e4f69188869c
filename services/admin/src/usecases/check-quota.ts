import type { QuotaCheckReply } from '@plumbline/contracts'
import { limitsOf } from '../data/limits-repo.js'
import { usageOf } from '../data/usage-repo.js'
import type { Db } from '../deps.js'
import type { UsageKind } from '../domain/limits.js'
import { quotaVerdict } from '../domain/limits.js'
import { monthOf } from '../domain/month.js'
import type { AdminEnv } from '../env.js'

/** May the organisation do one more counted action of this kind this month? */
export async function checkQuota(db: Db, env: AdminEnv, orgId: string, kind: UsageKind, now = new Date()): Promise<QuotaCheckReply> {
  const [used, limits] = await Promise.all([usageOf(db, orgId, monthOf(now), kind), limitsOf(db, env, orgId)])
  return quotaVerdict(used, limits[kind])
}
