import type { OrgContext } from '@plumbline/service-kit'
import { inTransaction } from '../data/db.js'
import { lockEstimateRow } from '../data/estimates-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { issueShareToken, type ShareResponse } from './share-link.js'

/**
 * POST …/estimates/{id}/share (spec 001 §7): issues a new share token, replacing any live one,
 * whose link is dead from this commit on. Spec 001 §4 "regenerate (old link invalid)" is this same
 * call made again; the contractor re-reads the live link from the estimate's shareToken.
 */
export async function enableShareLink(deps: EstimatesDeps, actor: OrgContext, estimateId: string): Promise<ShareResponse> {
  return inTransaction(deps, async (tx) => issueShareToken(deps, tx, actor, await lockEstimateRow(tx, actor.orgId, estimateId)))
}
