import type { Db, Tx } from './db.js'
import { LINE_ITEM_ORDER, SECTION_ORDER } from './mappers.js'

/** A section's total is the sum of its line items' totals (kept in step inside each edit's transaction). */
export async function recomputeSectionTotal(tx: Tx, sectionId: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE sections SET total = COALESCE((SELECT sum(total_cost) FROM line_items WHERE section_id = ${sectionId}::uuid), 0), updated_at = now()
    WHERE id = ${sectionId}::uuid`
}

export const sectionsWithItems = (tx: Db, orgId: string, estimateId: string) =>
  tx.section.findMany({ where: { estimateId, organizationId: orgId }, orderBy: SECTION_ORDER, include: { lineItems: { orderBy: LINE_ITEM_ORDER } } })
