import { type Estimate, Subjects } from '@plumbline/contracts'
import { checkQuota, isUuid, notFound, type OrgContext } from '@plumbline/service-kit'
import { cloneEstimateRows } from '../data/clone-estimate-rows.js'
import { type IdempotencyRequest, runIdempotent } from '../data/idempotency.js'
import type { EstimatesDeps } from '../deps.js'
import { recordEstimateEvent } from '../events/record-event.js'
import { loadEstimateDto } from './get-estimate.js'

/** The clone's name says what it is; the contractor renames it in Edit. */
export const cloneName = (projectName: string) => `${projectName} (Copy)`

/**
 * POST …/estimates/{id}/clone (spec 001 §6 contractor mode "clone"): a new draft with the
 * original's details, content, phases, sections and line items, and its markup and tax profiles
 * and selection; without the share link or any client decision. It is a creation: the monthly
 * estimate quota first, the created event in the same transaction, an Idempotency-Key honoured.
 */
export async function cloneEstimate(
  deps: EstimatesDeps,
  ctx: OrgContext,
  sourceId: string,
  idempotency?: IdempotencyRequest,
): Promise<{ status: number; body: Estimate; replayed: boolean }> {
  if (!isUuid(sourceId)) throw notFound('Estimate')
  const result = await runIdempotent(deps.prisma, idempotency, {
    before: async () => {
      const [source, quota] = await Promise.allSettled([
        deps.prisma.estimate.findFirst({ where: { id: sourceId, organizationId: ctx.orgId, deletedAt: null }, select: { id: true } }),
        checkQuota(deps, ctx.orgId, 'estimates'),
      ])
      // An unknown estimate is the answer even when the quota also refuses.
      if (source.status === 'rejected') throw source.reason
      if (!source.value) throw notFound('Estimate')
      if (quota.status === 'rejected') throw quota.reason
    },
    run: async (tx) => {
      const source = await tx.estimate.findFirst({ where: { id: sourceId, organizationId: ctx.orgId, deletedAt: null } })
      if (!source) throw notFound('Estimate')
      const clone = await tx.estimate.create({
        data: {
          organizationId: ctx.orgId,
          createdBy: ctx.userId,
          status: 'draft',
          projectTypeId: source.projectTypeId,
          projectName: cloneName(source.projectName),
          clientName: source.clientName,
          clientEmail: source.clientEmail,
          propertyAddress: source.propertyAddress,
          squareFootage: source.squareFootage,
          totalCost: source.totalCost,
          specialFeatures: source.specialFeatures,
          meetingTranscript: source.meetingTranscript,
          aiSummary: source.aiSummary,
          propertyData: source.propertyData ?? undefined,
        },
      })
      await cloneEstimateRows(tx, ctx.orgId, source.id, clone.id)
      await recordEstimateEvent(tx, Subjects.estimateCreated, ctx.orgId, ctx.userId, {
        estimateId: clone.id,
        projectName: clone.projectName,
        clientName: clone.clientName,
        status: clone.status,
      })
      return { status: 201, body: await loadEstimateDto(tx, deps, ctx.orgId, clone.id) }
    },
  })
  return { status: result.status, body: result.body as Estimate, replayed: result.replayed }
}
