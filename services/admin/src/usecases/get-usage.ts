import type { OrganizationUsage } from '@plumbline/contracts'
import type { Db } from '../data/db.js'
import { limitsOf } from '../data/limits-repo.js'
import { usageOfMonth } from '../data/usage-repo.js'
import { monthOf } from '../domain/month.js'
import type { AdminEnv } from '../env.js'

/** Usage of the current UTC month against the organisation's effective limits (-1 unlimited). */
export async function getUsage(db: Db, env: AdminEnv, orgId: string, now = new Date()): Promise<OrganizationUsage> {
  const [used, limits] = await Promise.all([usageOfMonth(db, orgId, monthOf(now)), limitsOf(db, env, orgId)])
  return {
    estimatesUsedThisMonth: used.estimates,
    estimatesLimit: limits.estimates,
    pdfGenerationsThisMonth: used.pdf,
    pdfLimit: limits.pdf,
    aiGenerationsThisMonth: used.ai,
    aiLimit: limits.ai,
  }
}
