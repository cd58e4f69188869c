import type { OrgContext } from '@plumbline/service-kit'
import type { z } from 'zod'
import type { TaxProfile, ZTaxProfileBody } from '@plumbline/contracts'
import { runIdempotent, type IdempotencyRequest } from '../data/idempotency.js'
import type { EstimatesDeps } from '../deps.js'
import { toTaxProfile } from '../domain/pricing-records.js'
import { assertEstimateOfOrg, assertSameOrganization, clearOtherDefaults, requireCostEstimator } from './markup-and-tax-access.js'

export type TaxProfileInput = z.infer<typeof ZTaxProfileBody>

/** The stored fields of a tax profile body (organizationId and estimateId are handled apart). */
export const taxProfileFields = (input: TaxProfileInput) => ({
  name: input.name,
  description: input.description ?? null,
  taxType: input.taxType,
  rate: input.rate,
  jurisdiction: input.jurisdiction ?? null,
  jurisdictionCode: input.jurisdictionCode ?? null,
  applyToLabor: input.applyToLabor,
  applyToMaterials: input.applyToMaterials,
  applyToEquipment: input.applyToEquipment,
  applyToSubcontractors: input.applyToSubcontractors,
  minimumAmount: input.minimumAmount ?? null,
  maximumAmount: input.maximumAmount ?? null,
  exemptionThreshold: input.exemptionThreshold ?? null,
  isDefault: input.isDefault,
  isActive: input.isActive,
})

/**
 * POST …/taxes. Defaults (spec 001 §9): a template, not the default, type sales, applying to
 * materials and equipment; estimateId makes it that estimate's own (not a template). An
 * Idempotency-Key replays the first answer.
 */
export async function createTaxProfile(
  deps: EstimatesDeps,
  actor: OrgContext,
  input: TaxProfileInput,
  idempotency?: IdempotencyRequest,
): Promise<{ profile: TaxProfile; replayed: boolean }> {
  requireCostEstimator(actor, 'create')
  assertSameOrganization(actor, input.organizationId)
  const result = await runIdempotent(deps.prisma, idempotency, {
    run: async (tx) => {
      await assertEstimateOfOrg(tx, actor.orgId, input.estimateId)
      if (input.isDefault) {
        await clearOtherDefaults(tx, actor.orgId, 'tax')
      }
      const row = await tx.taxProfile.create({
        data: {
          ...taxProfileFields(input),
          organizationId: actor.orgId,
          estimateId: input.estimateId ?? null,
          isTemplate: input.estimateId ? false : input.isTemplate,
          createdBy: actor.userId,
        },
      })
      return { status: 201, body: toTaxProfile(row) }
    },
  })
  return { profile: result.body as TaxProfile, replayed: result.replayed }
}
