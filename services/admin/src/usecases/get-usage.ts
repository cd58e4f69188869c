import type { OrganizationUsage } from '@plumbline/contracts'
import type { OrgContext } from '@plumbline/service-kit'
import { limitsOf } from '../data/limits-repo.js'
import { usageOfMonth } from '../data/usage-repo.js'
import type { AdminDeps } from '../deps.js'
import { monthOf } from '../domain/month.js'

/** Usage of the current UTC month against the organisation's effective limits (-1 unlimited). */
export async function getUsage(deps: Pick<AdminDeps, 'prisma' | 'env'>, ctx: OrgContext, now = new Date()): Promise<OrganizationUsage> {
  const [used, limits] = await Promise.all([usageOfMonth(deps.prisma, ctx.orgId, monthOf(now)), limitsOf(deps.prisma, deps.env, ctx.orgId)])
  return {
    estimatesUsedThisMonth: used.estimates,
    estimatesLimit: limits.estimates,
    pdfGenerationsThisMonth: used.pdf,
    pdfLimit: limits.pdf,
    aiGenerationsThisMonth: used.ai,
    aiLimit: limits.ai,
  }
}
