import { ErrorCode, type Estimate, Subjects } from '@plumbline/contracts'
import { AppError, type OrgContext } from '@plumbline/service-kit'
import { inTransaction } from '../data/db.js'
import { lockEstimateRow, updateEstimateRow } from '../data/estimates-repo.js'
import { hasLiveShareLink } from '../data/share-links-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { recordEstimateEvent } from '../events/record-event.js'
import { loadEstimateDto } from './get-estimate.js'

export const NOTHING_TO_REOPEN = 'This estimate has no client decision to reopen.'

/**
 * POST …/estimates/{id}/reopen: after a client's decision, the contractor takes the estimate back:
 * unlocked, status draft (shared while a link is live, so the client can decide again). The
 * approval rows stay as the record of what happened. Answers the estimate as GET …/estimates/{id} does.
 */
export async function reopenEstimate(deps: EstimatesDeps, actor: OrgContext, estimateId: string): Promise<Estimate> {
  return inTransaction(deps, async (tx) => {
    const estimate = await lockEstimateRow(tx, actor.orgId, estimateId)
    if (!estimate.lockedAt && estimate.status !== 'approved' && estimate.status !== 'rejected') throw new AppError(409, ErrorCode.CONFLICT, NOTHING_TO_REOPEN)
    const status = (await hasLiveShareLink(tx, actor.orgId, estimate.id)) ? 'shared' : 'draft'
    await updateEstimateRow(tx, actor.orgId, estimate.id, { status, lockedAt: null, reopenedAt: new Date(), reopenedBy: actor.userId })
    await recordEstimateEvent(tx, Subjects.estimateUpdated, actor.orgId, actor.userId, {
      estimateId: estimate.id,
      projectName: estimate.projectName,
      clientName: estimate.clientName,
      status,
    })
    return loadEstimateDto(tx, deps, actor.orgId, estimate.id)
  })
}
