import type { OrgContext } from '@plumbline/service-kit'
import type { MarkupProfile } from '@plumbline/contracts'
import type { EstimatesDeps } from '../deps.js'
import { toMarkupProfile } from '../domain/pricing-records.js'
import { assertEstimateOfOrg, requireCostEstimator } from './markup-and-tax-access.js'

/**
 * GET …/markup-profiles: the organisation's profiles, the default first. With estimateId: the
 * templates plus that estimate's own profiles.
 */
export async function listMarkupProfiles(deps: EstimatesDeps, actor: OrgContext, query: { estimateId?: string }): Promise<MarkupProfile[]> {
  requireCostEstimator(actor, 'access')
  await assertEstimateOfOrg(deps.prisma, actor.orgId, query.estimateId)
  const rows = await deps.prisma.markupProfile.findMany({
    where: {
      organizationId: actor.orgId,
      OR: query.estimateId ? [{ estimateId: null }, { estimateId: query.estimateId }] : [{ estimateId: null }, { estimate: { deletedAt: null } }],
    },
    orderBy: [{ isDefault: 'desc' }, { name: 'asc' }, { createdAt: 'asc' }],
  })
  return rows.map(toMarkupProfile)
}
