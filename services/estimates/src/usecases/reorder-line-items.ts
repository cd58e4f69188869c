import type { Section } from '@plumbline/contracts'
import { badRequest, type OrgContext } from '@plumbline/service-kit'
import { inTransaction } from '../data/db.js'
import { findSectionOfOrg, touchEditableEstimate } from '../data/estimates-repo.js'
import { listSectionItems, setSectionItemOrder } from '../data/line-items-repo.js'
import { toSectionDto } from '../data/mappers.js'
import { readSectionWithItems } from '../data/sections-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { recordLineItemsChanged } from '../events/record-event.js'

export const REORDER_MESSAGE = 'Items can only be reordered within the same section'

/**
 * Puts the section's items in the order given (spec 001 §4: only within their own section).
 * Items of the section that were not listed keep their relative order after the listed ones.
 */
export async function reorderLineItems(deps: EstimatesDeps, ctx: OrgContext, sectionId: string, itemIds: string[]): Promise<Section> {
  const ids = itemIds.map((id) => id.toLowerCase())
  if (new Set(ids).size !== ids.length) throw badRequest('Each item may appear only once', [{ field: 'itemIds', message: 'Each item may appear only once' }])
  return inTransaction(deps, async (tx) => {
    const section = await findSectionOfOrg(tx, ctx.orgId, sectionId)
    await touchEditableEstimate(tx, ctx.orgId, section.estimateId)
    const items = await listSectionItems(tx, ctx.orgId, section.id)
    const inSection = new Set(items.map((i) => i.id))
    if (ids.some((id) => !inSection.has(id))) throw badRequest(REORDER_MESSAGE, [{ field: 'itemIds', message: REORDER_MESSAGE }])
    const listed = new Set(ids)
    const order = [...ids, ...items.filter((i) => !listed.has(i.id)).map((i) => i.id)]
    await setSectionItemOrder(tx, ctx.orgId, section.id, order)
    await recordLineItemsChanged(tx, ctx.orgId, ctx.userId, { estimateId: section.estimateId, sectionId: section.id, change: 'reordered' })
    const updated = await readSectionWithItems(tx, ctx.orgId, section.id)
    return toSectionDto(updated)
  })
}
