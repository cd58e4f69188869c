import { requirePermission, type OrgContext } from '@plumbline/service-kit'
import type { EstimatesDeps } from '../deps.js'
import { issueShareToken, lockEstimateRow, type ShareResponse } from './share-link.js'

/** POST …/estimates/{id}/share/regenerate: a new token; the old link is dead from this commit on. */
export async function regenerateShareLink(deps: EstimatesDeps, actor: OrgContext, estimateId: string): Promise<ShareResponse> {
  requirePermission(actor, 'cost_estimator', 'share')
  return deps.prisma.$transaction(async (tx) => issueShareToken(deps, tx, actor, await lockEstimateRow(tx, actor.orgId, estimateId)))
}
