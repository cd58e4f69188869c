import type { OrgContext } from '@plumbline/service-kit'
import type { TaxProfile } from '@plumbline/contracts'
import type { EstimatesDeps } from '../deps.js'
import { toTaxProfile } from '../domain/pricing-records.js'
import { assertEstimateOfOrg, requireCostEstimator } from './markup-and-tax-access.js'

/** GET …/taxes: the organisation's tax profiles, the default first; with estimateId, templates plus that estimate's. */
export async function listTaxProfiles(deps: EstimatesDeps, actor: OrgContext, query: { estimateId?: string }): Promise<TaxProfile[]> {
  requireCostEstimator(actor, 'access')
  await assertEstimateOfOrg(deps.prisma, actor.orgId, query.estimateId)
  const rows = await deps.prisma.taxProfile.findMany({
    where: {
      organizationId: actor.orgId,
      OR: query.estimateId ? [{ estimateId: null }, { estimateId: query.estimateId }] : [{ estimateId: null }, { estimate: { deletedAt: null } }],
    },
    orderBy: [{ isDefault: 'desc' }, { name: 'asc' }, { createdAt: 'asc' }],
  })
  return rows.map(toTaxProfile)
}
