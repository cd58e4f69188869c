import { Subjects } from '@plumbline/contracts'
import { notFound, type OrgContext } from '@plumbline/service-kit'
import { inTransaction } from '../data/db.js'
import { findLiveEstimate, softDeleteEstimate } from '../data/estimates-repo.js'
import { revokeShareLinks } from '../data/share-links-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { recordEstimateEvent } from '../events/record-event.js'

/** Soft delete: the row stays (approvals refer to it) but disappears from every route. */
export async function deleteEstimate(deps: EstimatesDeps, ctx: OrgContext, id: string): Promise<void> {
  await inTransaction(deps, async (tx) => {
    const e = await findLiveEstimate(tx, ctx.orgId, id)
    if ((await softDeleteEstimate(tx, ctx.orgId, e.id)) === 0) throw notFound('Estimate')
    // A deleted estimate's public link stops working at once.
    await revokeShareLinks(tx, ctx.orgId, e.id)
    await recordEstimateEvent(tx, Subjects.estimateDeleted, ctx.orgId, ctx.userId, {
      estimateId: e.id,
      projectName: e.projectName,
      clientName: e.clientName,
      status: e.status,
    })
  })
}
