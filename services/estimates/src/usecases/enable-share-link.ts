import { requirePermission, type OrgContext } from '@plumbline/service-kit'
import type { EstimatesDeps } from '../deps.js'
import { shareUrlOf, issueShareToken, liveShareToken, lockEstimateRow, type ShareResponse } from './share-link.js'

/**
 * POST …/estimates/{id}/share: enables sharing, or answers the live link again (the contractor
 * copies it from the dialog). `created` tells the router whether a new link was made.
 */
export async function enableShareLink(deps: EstimatesDeps, actor: OrgContext, estimateId: string): Promise<ShareResponse & { created: boolean }> {
  requirePermission(actor, 'cost_estimator', 'share')
  return deps.prisma.$transaction(async (tx) => {
    const estimate = await lockEstimateRow(tx, actor.orgId, estimateId)
    const live = await liveShareToken(deps, tx, actor.orgId, estimate.id)
    if (live) return { shareToken: live, shareUrl: shareUrlOf(deps.env.APP_URL, live), created: false }
    return { ...(await issueShareToken(deps, tx, actor, estimate)), created: true }
  })
}
