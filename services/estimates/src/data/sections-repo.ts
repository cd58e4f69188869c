import type { Section } from '@plumbline/contracts'
import type { Db, Tx } from './db.js'

/** A section's total is the sum of its line items' totals (kept in step inside each edit's transaction). */
export async function recomputeSectionTotal(tx: Tx, sectionId: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE sections SET total = COALESCE((SELECT sum(total_cost) FROM line_items WHERE section_id = ${sectionId}::uuid), 0), updated_at = now()
    WHERE id = ${sectionId}::uuid`
}

/**
 * An estimate's sections with their line items in display order (sortOrder, then creation), as
 * the API's JSON text built by PostgreSQL in one round trip, or null when the estimate is not a
 * live one of the organisation. Numerics print with exactly the scales the API promises, and
 * the HTTP route sends the text as it is: 500 line items need no rows, Decimal objects or
 * JSON.stringify in Node (Prisma's nested include was ~7× the raw queries, two text queries ~4×).
 */
export async function loadSectionsJson(db: Db, orgId: string, estimateId: string): Promise<string | null> {
  const rows = await db.$queryRaw<{ body: string }[]>`
    SELECT COALESCE((
      SELECT json_agg(json_build_object(
               'id', s.id, 'name', s.name, 'description', s.description, 'total', s.total::text, 'sortOrder', s.sort_order,
               'lineItems', COALESCE((
                 SELECT json_agg(json_build_object(
                          'id', li.id, 'sectionId', li.section_id, 'name', li.name, 'description', li.description, 'category', li.category,
                          'quantity', li.quantity::text, 'unit', li.unit, 'unitCost', li.unit_cost::text, 'totalCost', li.total_cost::text,
                          'isLabor', li.is_labor, 'isMaterial', li.is_material, 'isEquipment', li.is_equipment, 'isSubcontractor', li.is_subcontractor,
                          'applyMarkup', li.apply_markup, 'applyTax', li.apply_tax, 'vendor', li.vendor, 'partNumber', li.part_number,
                          'notes', li.notes, 'sortOrder', li.sort_order)
                        ORDER BY li.sort_order, li.created_at, li.id)
                 FROM line_items li WHERE li.section_id = s.id AND li.organization_id = ${orgId}), '[]'::json))
             ORDER BY s.sort_order, s.created_at, s.id)
      FROM sections s WHERE s.estimate_id = e.id AND s.organization_id = ${orgId}), '[]'::json)::text AS body
    FROM estimates e
    WHERE e.id = ${estimateId}::uuid AND e.organization_id = ${orgId} AND e.deleted_at IS NULL`
  return rows[0]?.body ?? null
}

/** The same sections as objects, for use cases that work with them (CSV export, documents). */
export async function loadSections(db: Db, orgId: string, estimateId: string): Promise<Section[]> {
  const json = await loadSectionsJson(db, orgId, estimateId)
  return json === null ? [] : (JSON.parse(json) as Section[])
}
