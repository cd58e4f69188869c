import type { OrgContext } from '@plumbline/service-kit'
import type { z } from 'zod'
import type { MarkupProfile, ZMarkupProfileInput } from '@plumbline/contracts'
import { runIdempotent, type IdempotencyRequest } from '../data/idempotency.js'
import type { EstimatesDeps } from '../deps.js'
import { toMarkupProfile } from '../domain/pricing-records.js'
import { assertEstimateOfOrg, assertSameOrganization, clearOtherDefaults, requireCostEstimator } from './markup-and-tax-access.js'

export type MarkupProfileInput = z.infer<typeof ZMarkupProfileInput>

/** The stored fields of a markup profile body (organizationId and estimateId are handled apart). */
export const markupProfileFields = (input: MarkupProfileInput) => ({
  name: input.name,
  description: input.description ?? null,
  overheadPercentage: input.overheadPercentage,
  profitPercentage: input.profitPercentage,
  contingencyPercentage: input.contingencyPercentage,
  laborMarkupPercentage: input.laborMarkupPercentage,
  materialMarkupPercentage: input.materialMarkupPercentage,
  equipmentMarkupPercentage: input.equipmentMarkupPercentage,
  subcontractorMarkupPercentage: input.subcontractorMarkupPercentage,
  isDefault: input.isDefault,
})

/**
 * POST …/markup-profiles. New profiles are templates unless made for one estimate (spec 001 §3:
 * estimateId is null when a template); isDefault false unless asked, and at most one default.
 */
export async function createMarkupProfile(
  deps: EstimatesDeps,
  actor: OrgContext,
  input: MarkupProfileInput,
  idempotency?: IdempotencyRequest,
): Promise<{ profile: MarkupProfile; replayed: boolean }> {
  requireCostEstimator(actor, 'create')
  assertSameOrganization(actor, input.organizationId)
  const result = await runIdempotent(deps.prisma, idempotency, {
    run: async (tx) => {
      await assertEstimateOfOrg(tx, actor.orgId, input.estimateId)
      if (input.isDefault) {
        await clearOtherDefaults(tx, actor.orgId, 'markup')
      }
      const row = await tx.markupProfile.create({
        data: {
          ...markupProfileFields(input),
          organizationId: actor.orgId,
          estimateId: input.estimateId ?? null,
          isTemplate: input.estimateId ? false : input.isTemplate,
          createdBy: actor.userId,
        },
      })
      return { status: 201, body: toMarkupProfile(row) }
    },
  })
  return { profile: result.body as MarkupProfile, replayed: result.replayed }
}
