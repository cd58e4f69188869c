import { notFound, type OrgContext } from '@plumbline/service-kit'
import type { EstimatesDeps } from '../deps.js'
import { assertNotUsedByLockedEstimate, assertProfileId, requireCostEstimator } from './markup-and-tax-access.js'

/** DELETE …/markup-profiles/{id}; estimates that used it fall back to no markup. */
export async function deleteMarkupProfile(deps: EstimatesDeps, actor: OrgContext, id: string): Promise<void> {
  requireCostEstimator(actor, 'delete')
  assertProfileId(id, 'markup')
  await deps.prisma.$transaction(async (tx) => {
    const existing = await tx.markupProfile.findFirst({ where: { id, organizationId: actor.orgId }, select: { id: true } })
    if (!existing) throw notFound('Markup profile')
    await assertNotUsedByLockedEstimate(tx, actor.orgId, 'markup', id)
    await tx.markupProfile.delete({ where: { id } })
  })
}
