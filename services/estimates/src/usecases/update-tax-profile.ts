import type { TaxProfile } from '@plumbline/contracts'
import { notFound, type OrgContext } from '@plumbline/service-kit'
import type { EstimatesDeps } from '../deps.js'
import { toTaxProfile } from '../domain/pricing-records.js'
import { taxProfileFields, type TaxProfileInput } from './create-tax-profile.js'
import { assertNotUsedByLockedEstimate, assertProfileId, assertSameOrganization, clearOtherDefaults, requireCostEstimator } from './markup-and-tax-access.js'

/** PUT …/taxes/{id}: replaces the profile's fields; the estimate it belongs to does not change. */
export async function updateTaxProfile(deps: EstimatesDeps, actor: OrgContext, id: string, input: TaxProfileInput): Promise<TaxProfile> {
  requireCostEstimator(actor, 'edit')
  assertSameOrganization(actor, input.organizationId)
  assertProfileId(id, 'tax')
  return deps.prisma.$transaction(async (tx) => {
    const existing = await tx.taxProfile.findFirst({ where: { id, organizationId: actor.orgId } })
    if (!existing) throw notFound('Tax profile')
    await assertNotUsedByLockedEstimate(tx, actor.orgId, 'tax', id)
    if (input.isDefault) {
      await clearOtherDefaults(tx, actor.orgId, 'tax', id)
    }
    const row = await tx.taxProfile.update({ where: { id }, data: { ...taxProfileFields(input), isTemplate: existing.estimateId ? false : input.isTemplate } })
    return toTaxProfile(row)
  })
}
