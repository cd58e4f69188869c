import { Subjects } from '@plumbline/contracts'
import { type OrgContext, requirePermission } from '@plumbline/service-kit'
import type { EstimatesDeps } from '../deps.js'
import { recordEstimateEvent } from '../events/record-event.js'
import { lockEstimateRow } from './share-link.js'

/**
 * DELETE …/estimates/{id}/share: the token is removed (not just flagged), so the link can never
 * open the page again. An estimate that was only shared or viewed goes back to draft; a client's
 * decision (approved, rejected) stays.
 */
export async function disableShareLink(deps: EstimatesDeps, actor: OrgContext, estimateId: string): Promise<void> {
  requirePermission(actor, 'cost_estimator', 'share')
  await deps.prisma.$transaction(async (tx) => {
    const estimate = await lockEstimateRow(tx, actor.orgId, estimateId)
    const removed = await tx.shareLink.deleteMany({ where: { estimateId: estimate.id, organizationId: actor.orgId } })
    if (!removed.count || (estimate.status !== 'shared' && estimate.status !== 'viewed')) return
    await tx.estimate.update({ where: { id: estimate.id }, data: { status: 'draft' } })
    await recordEstimateEvent(tx, Subjects.estimateUpdated, actor.orgId, actor.userId, {
      estimateId: estimate.id,
      projectName: estimate.projectName,
      clientName: estimate.clientName,
      status: 'draft',
    })
  })
}
