import { upsertFreePlan } from '../data/limits-repo.js'
import type { AdminDeps } from '../deps.js'

/** Start-up: the Free plan exists and carries the configured default limits. */
export async function ensureDefaultPlan(deps: Pick<AdminDeps, 'prisma' | 'env'>): Promise<void> {
  await upsertFreePlan(deps.prisma, deps.env)
}
