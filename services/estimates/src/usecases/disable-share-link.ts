import { Subjects } from '@plumbline/contracts'
import type { OrgContext } from '@plumbline/service-kit'
import { inTransaction } from '../data/db.js'
import { lockEstimateRow, updateEstimateRow } from '../data/estimates-repo.js'
import { deleteShareLinks } from '../data/share-links-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { recordEstimateEvent } from '../events/record-event.js'

/**
 * DELETE …/estimates/{id}/share: the token is removed (not just flagged), so the link can never
 * open the page again. An estimate that was only shared or viewed goes back to draft; a client's
 * decision (approved, rejected) stays.
 */
export async function disableShareLink(deps: EstimatesDeps, actor: OrgContext, estimateId: string): Promise<void> {
  await inTransaction(deps, async (tx) => {
    const estimate = await lockEstimateRow(tx, actor.orgId, estimateId)
    const removed = await deleteShareLinks(tx, actor.orgId, estimate.id)
    if (!removed || (estimate.status !== 'shared' && estimate.status !== 'viewed')) return
    await updateEstimateRow(tx, actor.orgId, estimate.id, { status: 'draft' })
    await recordEstimateEvent(tx, Subjects.estimateUpdated, actor.orgId, actor.userId, {
      estimateId: estimate.id,
      projectName: estimate.projectName,
      clientName: estimate.clientName,
      status: 'draft',
    })
  })
}
