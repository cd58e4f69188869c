import { notFound, type OrgContext } from '@plumbline/service-kit'
import type { EstimatesDeps } from '../deps.js'
import { assertNotUsedByLockedEstimate, assertProfileId, requireCostEstimator } from './markup-and-tax-access.js'

/** DELETE …/taxes/{id}; estimates that used it stop being taxed by it. */
export async function deleteTaxProfile(deps: EstimatesDeps, actor: OrgContext, id: string): Promise<void> {
  requireCostEstimator(actor, 'delete')
  assertProfileId(id, 'tax')
  await deps.prisma.$transaction(async (tx) => {
    const existing = await tx.taxProfile.findFirst({ where: { id, organizationId: actor.orgId }, select: { id: true } })
    if (!existing) throw notFound('Tax profile')
    await assertNotUsedByLockedEstimate(tx, actor.orgId, 'tax', id)
    await tx.taxProfile.delete({ where: { id } })
  })
}
