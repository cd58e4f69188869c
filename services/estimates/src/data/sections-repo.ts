import type { LineItem, Section } from '@plumbline/contracts'
import type { Db, Tx } from './db.js'

/** A section's total is the sum of its line items' totals (kept in step inside each edit's transaction). */
export async function recomputeSectionTotal(tx: Tx, sectionId: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE sections SET total = COALESCE((SELECT sum(total_cost) FROM line_items WHERE section_id = ${sectionId}::uuid), 0), updated_at = now()
    WHERE id = ${sectionId}::uuid`
}

type SectionRowText = { id: string; name: string; description: string | null; total: string; sort_order: number }
type LineItemRowText = Omit<LineItem, 'sortOrder'> & { sort_order: number }

/**
 * An estimate's sections with their line items in display order (sortOrder, then creation),
 * already shaped as the API answers them. Two plain queries with numerics read as text: the
 * database prints numeric(14,2) and numeric(12,3) with exactly the scales the API promises, so
 * 500 line items need no Decimal objects (Prisma's nested include was ~7× the raw queries).
 */
export async function loadSections(db: Db, orgId: string, estimateId: string): Promise<Section[]> {
  const sections = await db.$queryRaw<SectionRowText[]>`
    SELECT id, name, description, total::text AS total, sort_order FROM sections
    WHERE estimate_id = ${estimateId}::uuid AND organization_id = ${orgId}
    ORDER BY sort_order, created_at, id`
  const items = await db.$queryRaw<LineItemRowText[]>`
    SELECT id, section_id AS "sectionId", name, description, category, quantity::text AS quantity, unit,
           unit_cost::text AS "unitCost", total_cost::text AS "totalCost", is_labor AS "isLabor", is_material AS "isMaterial",
           is_equipment AS "isEquipment", is_subcontractor AS "isSubcontractor", apply_markup AS "applyMarkup", apply_tax AS "applyTax",
           vendor, part_number AS "partNumber", notes, sort_order
    FROM line_items WHERE estimate_id = ${estimateId}::uuid AND organization_id = ${orgId}
    ORDER BY sort_order, created_at, id`
  const bySection = new Map<string, LineItem[]>(sections.map((s) => [s.id, []]))
  for (const { sort_order, ...item } of items) bySection.get(item.sectionId)?.push({ ...item, sortOrder: sort_order })
  return sections.map((s) => ({ id: s.id, name: s.name, description: s.description, total: s.total, sortOrder: s.sort_order, lineItems: bySection.get(s.id) ?? [] }))
}
