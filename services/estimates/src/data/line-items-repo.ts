import type { lineItemColumns } from '../domain/line-item-values.js'
import type { Prisma } from '../generated/prisma/client.js'
import type { Tx } from './db.js'
import { LINE_ITEM_ORDER } from './mappers.js'

// Line items of sections; every function takes orgId first and touches only its rows.

export type LineItemColumns = ReturnType<typeof lineItemColumns>
export type NewLineItem = LineItemColumns & { sectionId: string; estimateId: string; sortOrder: number }

export function countSectionItems(tx: Tx, orgId: string, sectionId: string): Promise<number> {
  return tx.lineItem.count({ where: { sectionId, organizationId: orgId } })
}

export function listSectionItems(tx: Tx, orgId: string, sectionId: string) {
  return tx.lineItem.findMany({ where: { sectionId, organizationId: orgId }, orderBy: LINE_ITEM_ORDER })
}

export function insertLineItem(tx: Tx, orgId: string, item: NewLineItem) {
  return tx.lineItem.create({ data: { ...item, organizationId: orgId } })
}

/** Many items at once; columns left out take their defaults (template items carry fewer). */
export async function insertLineItems(tx: Tx, orgId: string, items: Omit<Prisma.LineItemCreateManyInput, 'organizationId'>[]): Promise<void> {
  if (items.length) await tx.lineItem.createMany({ data: items.map((item) => ({ ...item, organizationId: orgId })) })
}

export function updateLineItemRow(tx: Tx, orgId: string, id: string, columns: LineItemColumns & { sortOrder?: number }) {
  return tx.lineItem.update({ where: { id, organizationId: orgId }, data: columns })
}

export async function deleteLineItemRow(tx: Tx, orgId: string, id: string): Promise<void> {
  await tx.lineItem.delete({ where: { id, organizationId: orgId } })
}

/** One statement: each listed item's sort_order becomes its position in `order` (0-based). */
export async function setSectionItemOrder(tx: Tx, orgId: string, sectionId: string, order: string[]): Promise<void> {
  await tx.$executeRaw`
    UPDATE line_items SET sort_order = o.ord - 1, updated_at = now()
    FROM unnest(${order}::uuid[]) WITH ORDINALITY AS o(id, ord)
    WHERE line_items.id = o.id AND line_items.section_id = ${sectionId}::uuid AND line_items.organization_id = ${orgId}`
}
