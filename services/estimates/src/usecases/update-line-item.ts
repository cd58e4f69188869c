import type { LineItem } from '@plumbline/contracts'
import type { OrgContext } from '@plumbline/service-kit'
import { inTransaction } from '../data/db.js'
import { findLineItemOfOrg, touchEditableEstimate } from '../data/estimates-repo.js'
import { updateLineItemRow } from '../data/line-items-repo.js'
import { toLineItemDto } from '../data/mappers.js'
import { recomputeSectionTotal } from '../data/sections-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { type LineItemInput, lineItemColumns } from '../domain/line-item-values.js'
import { recordLineItemsChanged } from '../events/record-event.js'

export async function updateLineItem(deps: EstimatesDeps, ctx: OrgContext, itemId: string, input: LineItemInput): Promise<LineItem> {
  return inTransaction(deps, async (tx) => {
    const item = await findLineItemOfOrg(tx, ctx.orgId, itemId)
    await touchEditableEstimate(tx, ctx.orgId, item.estimateId)
    const updated = await updateLineItemRow(tx, ctx.orgId, item.id, {
      ...lineItemColumns(input),
      ...(input.sortOrder === undefined ? {} : { sortOrder: input.sortOrder }),
    })
    await recomputeSectionTotal(tx, item.sectionId)
    await recordLineItemsChanged(tx, ctx.orgId, ctx.userId, { estimateId: item.estimateId, sectionId: item.sectionId, change: 'updated' })
    return toLineItemDto(updated)
  })
}
