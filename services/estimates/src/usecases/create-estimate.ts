import { CONTENT_SECTION_TYPES, type Estimate, Subjects, type ZEstimatePayload } from '@plumbline/contracts'
import { checkQuota, type OrgContext } from '@plumbline/service-kit'
import type { z } from 'zod'
import { defaultPhasesOf, requireUsableProjectType } from '../data/catalog-repo.js'
import { type IdempotencyRequest, runIdempotent } from '../data/idempotency.js'
import { toEstimateDto } from '../data/mappers.js'
import type { EstimatesDeps } from '../deps.js'
import { splitByPercentages } from '../domain/money.js'
import { recordEstimateEvent } from '../events/record-event.js'

export type EstimateInput = z.output<typeof ZEstimatePayload>

const emptyToNull = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v)

export const estimateColumns = (input: EstimateInput) => ({
  projectTypeId: input.projectTypeId,
  projectName: input.projectName,
  clientName: input.clientName,
  clientEmail: emptyToNull(input.clientEmail),
  propertyAddress: input.propertyAddress,
  totalCost: input.totalCost,
  squareFootage: input.squareFootage ?? null,
  specialFeatures: emptyToNull(input.specialFeatures),
  meetingTranscript: emptyToNull(input.meetingTranscript),
  aiSummary: emptyToNull(input.aiSummary),
})

/**
 * Creates an estimate with its five (empty) content sections, their content links (visible
 * everywhere, not customised) and the phases of its project type's default phase group, whose
 * amounts split the total cost by the phases' default percentages. Quota first (admin service),
 * the created event in the same transaction, and an Idempotency-Key honoured.
 */
export async function createEstimate(
  deps: EstimatesDeps,
  ctx: OrgContext,
  input: EstimateInput,
  idempotency?: IdempotencyRequest,
): Promise<{ status: number; body: Estimate; replayed: boolean }> {
  let projectType: Awaited<ReturnType<typeof requireUsableProjectType>> | undefined
  const result = await runIdempotent(deps.prisma, idempotency, {
    // Both questions at once (a query here, a request to admin there); a bad project type is
    // still the answer when both fail, as when they ran one after the other.
    before: async () => {
      const [type, quota] = await Promise.allSettled([
        requireUsableProjectType(deps.prisma, ctx.orgId, input.projectTypeId),
        checkQuota(deps, ctx.orgId, 'estimates'),
      ])
      if (type.status === 'rejected') throw type.reason
      if (quota.status === 'rejected') throw quota.reason
      projectType = type.value
    },
    run: async (tx) => {
      const created = await tx.estimate.create({
        data: { organizationId: ctx.orgId, createdBy: ctx.userId, status: 'draft', ...estimateColumns(input) },
      })
      await tx.contentSection.createMany({
        data: CONTENT_SECTION_TYPES.map((type) => ({ estimateId: created.id, organizationId: ctx.orgId, type, content: null })),
      })
      await tx.contentLink.createMany({ data: CONTENT_SECTION_TYPES.map((role) => ({ estimateId: created.id, organizationId: ctx.orgId, role })) })
      const templatePhases = await defaultPhasesOf(tx, ctx.orgId, input.projectTypeId)
      const amounts = splitByPercentages(
        input.totalCost,
        templatePhases.map((p) => p.defaultPercentage),
      )
      if (templatePhases.length) {
        await tx.estimatePhase.createMany({
          data: templatePhases.map((p, i) => ({
            estimateId: created.id,
            organizationId: ctx.orgId,
            name: p.name,
            description: p.description,
            sortOrder: i,
            percentage: p.defaultPercentage,
            amount: amounts[i],
            estimatedCost: amounts[i],
            costCodes: p.costCodes,
          })),
        })
      }
      await recordEstimateEvent(tx, Subjects.estimateCreated, ctx.orgId, ctx.userId, {
        estimateId: created.id,
        projectName: created.projectName,
        clientName: created.clientName,
        status: created.status,
      })
      // A new estimate's relations are known without reading them back: its project type
      // (checked by `before`, which runs first), empty content sections, no share link, no approval.
      if (!projectType) throw new Error('runIdempotent runs before() ahead of run()')
      const { id, name, icon } = projectType
      const full = {
        ...created,
        projectType: { id, name, icon },
        contentSections: CONTENT_SECTION_TYPES.map((t) => ({ type: t, content: null })),
        shareLink: null,
        approvals: [],
      }
      return { status: 201, body: toEstimateDto(full, deps.shareTokens) }
    },
  })
  return { status: result.status, body: result.body as Estimate, replayed: result.replayed }
}
