import type { Section } from '@plumbline/contracts'
import { badRequest, type OrgContext } from '@plumbline/service-kit'
import type { EstimatesDeps } from '../deps.js'
import { findSectionOfOrg, touchEditableEstimate } from '../data/estimates-repo.js'
import { LINE_ITEM_ORDER, toSectionDto } from '../data/mappers.js'
import { recordLineItemsChanged } from '../events/record-event.js'

export const REORDER_MESSAGE = 'Items can only be reordered within the same section'

/**
 * Puts the section's items in the order given (spec 001 §4: only within their own section).
 * Items of the section that were not listed keep their relative order after the listed ones.
 */
export async function reorderLineItems(deps: EstimatesDeps, ctx: OrgContext, sectionId: string, itemIds: string[]): Promise<Section> {
  const ids = itemIds.map((id) => id.toLowerCase())
  if (new Set(ids).size !== ids.length) throw badRequest('Each item may appear only once', [{ field: 'itemIds', message: 'Each item may appear only once' }])
  return deps.prisma.$transaction(async (tx) => {
    const section = await findSectionOfOrg(tx, ctx.orgId, sectionId)
    await touchEditableEstimate(tx, ctx.orgId, section.estimateId)
    const items = await tx.lineItem.findMany({ where: { sectionId: section.id, organizationId: ctx.orgId }, orderBy: LINE_ITEM_ORDER })
    const inSection = new Set(items.map((i) => i.id))
    if (ids.some((id) => !inSection.has(id))) throw badRequest(REORDER_MESSAGE, [{ field: 'itemIds', message: REORDER_MESSAGE }])
    const listed = new Set(ids)
    const order = [...ids, ...items.filter((i) => !listed.has(i.id)).map((i) => i.id)]
    // One statement: sort_order = position in the new order (0-based).
    await tx.$executeRaw`
      UPDATE line_items SET sort_order = o.ord - 1, updated_at = now()
      FROM unnest(${order}::uuid[]) WITH ORDINALITY AS o(id, ord)
      WHERE line_items.id = o.id AND line_items.section_id = ${section.id}::uuid`
    await recordLineItemsChanged(tx, ctx.orgId, ctx.userId, { estimateId: section.estimateId, sectionId: section.id, change: 'reordered' })
    const updated = await tx.section.findUniqueOrThrow({ where: { id: section.id }, include: { lineItems: { orderBy: LINE_ITEM_ORDER } } })
    return toSectionDto(updated)
  })
}
