import type { LineItem } from '@plumbline/contracts'
import type { OrgContext } from '@plumbline/service-kit'
import { inTransaction } from '../data/db.js'
import { findSectionOfOrg, touchEditableEstimate } from '../data/estimates-repo.js'
import { countSectionItems, insertLineItem } from '../data/line-items-repo.js'
import { toLineItemDto } from '../data/mappers.js'
import { recomputeSectionTotal } from '../data/sections-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { type LineItemInput, lineItemColumns } from '../domain/line-item-values.js'
import { recordLineItemsChanged } from '../events/record-event.js'

/** Adds a line item at the end of its section (unless sortOrder is given); the section total follows. */
export async function createLineItem(deps: EstimatesDeps, ctx: OrgContext, sectionId: string, input: LineItemInput): Promise<LineItem> {
  return inTransaction(deps, async (tx) => {
    const section = await findSectionOfOrg(tx, ctx.orgId, sectionId)
    await touchEditableEstimate(tx, ctx.orgId, section.estimateId)
    const sortOrder = input.sortOrder ?? (await countSectionItems(tx, ctx.orgId, section.id))
    const item = await insertLineItem(tx, ctx.orgId, { sectionId: section.id, estimateId: section.estimateId, sortOrder, ...lineItemColumns(input) })
    await recomputeSectionTotal(tx, section.id)
    await recordLineItemsChanged(tx, ctx.orgId, ctx.userId, { estimateId: section.estimateId, sectionId: section.id, change: 'created' })
    return toLineItemDto(item)
  })
}
