import type { OrgContext } from '@plumbline/service-kit'
import { inTransaction } from '../data/db.js'
import { findLineItemOfOrg, touchEditableEstimate } from '../data/estimates-repo.js'
import { deleteLineItemRow } from '../data/line-items-repo.js'
import { recomputeSectionTotal } from '../data/sections-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { recordLineItemsChanged } from '../events/record-event.js'

export async function deleteLineItem(deps: EstimatesDeps, ctx: OrgContext, itemId: string): Promise<void> {
  await inTransaction(deps, async (tx) => {
    const item = await findLineItemOfOrg(tx, ctx.orgId, itemId)
    await touchEditableEstimate(tx, ctx.orgId, item.estimateId)
    await deleteLineItemRow(tx, ctx.orgId, item.id)
    await recomputeSectionTotal(tx, item.sectionId)
    await recordLineItemsChanged(tx, ctx.orgId, ctx.userId, { estimateId: item.estimateId, sectionId: item.sectionId, change: 'deleted' })
  })
}
