import { type Estimate, Subjects } from '@plumbline/contracts'
import { checkQuota, isUuid, notFound, type OrgContext } from '@plumbline/service-kit'
import { cloneEstimateRows, insertEstimateCopy } from '../data/clone-estimate-rows.js'
import { findLiveEstimate } from '../data/estimates-repo.js'
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
    // Asked alongside the source's lookup; an unknown estimate is the answer even over quota.
    quota: () => checkQuota(deps, ctx.orgId, 'estimates'),
    before: async () => {
      await findLiveEstimate(deps.prisma, ctx.orgId, sourceId)
    },
    run: async (tx) => {
      const source = await findLiveEstimate(tx, ctx.orgId, sourceId)
      const clone = await insertEstimateCopy(tx, ctx.orgId, ctx.userId, source, cloneName(source.projectName))
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
