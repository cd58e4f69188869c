import type { MarkupProfile } from '@plumbline/contracts'
import { notFound, type OrgContext } from '@plumbline/service-kit'
import type { EstimatesDeps } from '../deps.js'
import { toMarkupProfile } from '../domain/pricing-records.js'
import { markupProfileFields, type MarkupProfileInput } from './create-markup-profile.js'
import { assertNotUsedByLockedEstimate, assertProfileId, assertSameOrganization, clearOtherDefaults, requireCostEstimator } from './markup-and-tax-access.js'

/**
 * PUT …/markup-profiles/{id}: replaces the profile's fields. The estimate a profile belongs to
 * does not change (create another profile for another estimate).
 */
export async function updateMarkupProfile(deps: EstimatesDeps, actor: OrgContext, id: string, input: MarkupProfileInput): Promise<MarkupProfile> {
  requireCostEstimator(actor, 'edit')
  assertSameOrganization(actor, input.organizationId)
  assertProfileId(id, 'markup')
  return deps.prisma.$transaction(async (tx) => {
    const existing = await tx.markupProfile.findFirst({ where: { id, organizationId: actor.orgId } })
    if (!existing) throw notFound('Markup profile')
    await assertNotUsedByLockedEstimate(tx, actor.orgId, 'markup', id)
    if (input.isDefault) {
      await clearOtherDefaults(tx, actor.orgId, 'markup', id)
    }
    const row = await tx.markupProfile.update({
      where: { id },
      data: { ...markupProfileFields(input), isTemplate: existing.estimateId ? false : input.isTemplate },
    })
    return toMarkupProfile(row)
  })
}
