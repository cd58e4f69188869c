import { CSV_IMPORT_MAX_BYTES, type CsvImportResult, ErrorCode, LINE_ITEM_UNITS, ZLineItemInput } from '@plumbline/contracts'
import { AppError, type OrgContext } from '@plumbline/service-kit'
import { inTransaction } from '../data/db.js'
import { findLiveEstimate, touchEditableEstimate } from '../data/estimates-repo.js'
import { countSectionItems, insertLineItems, type NewLineItem } from '../data/line-items-repo.js'
import { insertSection, listSectionRows, recomputeSectionTotal } from '../data/sections-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { parseCsv, uncsvText } from '../domain/csv.js'
import { assertUnlocked } from '../domain/estimate-lock.js'
import { type LineItemInput, lineItemColumns } from '../domain/line-item-values.js'
import { recordLineItemsChanged } from '../events/record-event.js'

const MAX_ROWS = 5000
const MAX_ERRORS = 200
const TYPES = { labor: 'isLabor', material: 'isMaterial', equipment: 'isEquipment', subcontractor: 'isSubcontractor', other: null } as const
type CsvError = CsvImportResult['errors'][number]
type ParsedRow = { row: number; section: string; item: LineItemInput | null }

/** Zod field of the line item → the CSV column it came from. */
const COLUMN_OF: Record<string, string> = { name: 'Item', quantity: 'Qty', unit: 'Unit', unitCost: 'Unit Cost', description: 'Description' }

function readRows(csv: string, errors: CsvError[]): ParsedRow[] {
  let table: string[][]
  try {
    table = parseCsv(csv)
  } catch (err) {
    errors.push({ row: 0, field: 'csv', message: (err as Error).message })
    return []
  }
  const header = (table[0] ?? []).map((h) => h.trim().toLowerCase())
  const col = (name: string) => header.indexOf(name.toLowerCase())
  for (const required of ['Section', 'Item', 'Qty', 'Unit Cost']) {
    if (col(required) < 0)
      errors.push({ row: 1, field: required, message: `Missing column "${required}" (expected: Section, Item, Type, Qty, Unit, Unit Cost, Description)` })
  }
  if (errors.length) return []
  const dataRows = table.slice(1)
  if (dataRows.length > MAX_ROWS) {
    errors.push({ row: 0, field: 'csv', message: `At most ${MAX_ROWS} rows can be imported at once` })
    return []
  }
  const parsed: ParsedRow[] = []
  for (const [index, cells] of dataRows.entries()) {
    const row = index + 2 // spreadsheet numbering: the header is row 1
    if (cells.every((c) => c.trim() === '')) continue
    const cell = (name: string) => {
      const i = col(name)
      return i < 0 ? '' : uncsvText(cells[i] ?? '').trim()
    }
    const section = cell('Section')
    const rowErrors: CsvError[] = []
    if (!section) rowErrors.push({ row, field: 'Section', message: 'Section is required' })
    else if (section.length > 200) rowErrors.push({ row, field: 'Section', message: 'Section must be at most 200 characters' })
    const [name, type, quantity, unit, unitCost, description] = ['Item', 'Type', 'Qty', 'Unit', 'Unit Cost', 'Description'].map(cell)
    if (!name && !type && !quantity && !unit && !unitCost && !description) {
      // A row with only a section name: the section, without items.
      if (rowErrors.length) errors.push(...rowErrors)
      else parsed.push({ row, section, item: null })
      continue
    }
    const typeKey = (type || 'material').toLowerCase() as keyof typeof TYPES
    if (!(typeKey in TYPES)) rowErrors.push({ row, field: 'Type', message: 'Type must be Labor, Material, Equipment, Subcontractor or Other' })
    const unitValue = (unit || 'each').toLowerCase()
    if (!(LINE_ITEM_UNITS as readonly string[]).includes(unitValue))
      rowErrors.push({ row, field: 'Unit', message: `Unit must be one of ${LINE_ITEM_UNITS.join(', ')}` })
    const flag = TYPES[typeKey] ?? null
    const result = ZLineItemInput.safeParse({
      name,
      quantity,
      unit: unitValue,
      unitCost,
      description: description || null,
      isLabor: flag === 'isLabor',
      isMaterial: flag === 'isMaterial',
      isEquipment: flag === 'isEquipment',
      isSubcontractor: flag === 'isSubcontractor',
    })
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = COLUMN_OF[String(issue.path[0])] ?? String(issue.path[0])
        if (field === 'Unit' && rowErrors.some((e) => e.field === 'Unit')) continue
        rowErrors.push({ row, field, message: issue.message })
      }
    }
    if (rowErrors.length) errors.push(...rowErrors)
    else if (result.success) parsed.push({ row, section, item: result.data })
  }
  return parsed
}

/**
 * Imports sections and line items from CSV. All or nothing: when any row is invalid nothing is
 * created and every problem is reported as {row, field, message} (row = spreadsheet row, the
 * header being row 1). Rows go into the estimate's section of the same name (case-insensitive)
 * or into a new section, in file order, after the items already there.
 */
export async function importSectionsCsv(deps: EstimatesDeps, ctx: OrgContext, estimateId: string, csv: string): Promise<CsvImportResult> {
  if (Buffer.byteLength(csv, 'utf8') > CSV_IMPORT_MAX_BYTES) throw new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, 'The CSV file is larger than 1 MB')
  assertUnlocked(await findLiveEstimate(deps.prisma, ctx.orgId, estimateId))
  const errors: CsvError[] = []
  const rows = readRows(csv, errors)
  if (errors.length) return { sectionsCreated: 0, lineItemsCreated: 0, errors: errors.slice(0, MAX_ERRORS) }
  if (rows.length === 0) return { sectionsCreated: 0, lineItemsCreated: 0, errors: [{ row: 0, field: 'csv', message: 'The file has no rows to import' }] }
  return inTransaction(deps, async (tx) => {
    const e = await touchEditableEstimate(tx, ctx.orgId, estimateId)
    const existing = await listSectionRows(tx, ctx.orgId, e.id)
    const byName = new Map<string, { id: string; nextSort: number }>()
    for (const s of existing) {
      const key = s.name.trim().toLowerCase()
      if (!byName.has(key)) byName.set(key, { id: s.id, nextSort: await countSectionItems(tx, ctx.orgId, s.id) })
    }
    let sectionsCreated = 0
    let nextSectionSort = existing.length
    const touched = new Set<string>()
    const items: NewLineItem[] = []
    for (const r of rows) {
      const key = r.section.toLowerCase()
      let target = byName.get(key)
      if (!target) {
        const created = await insertSection(tx, ctx.orgId, { estimateId: e.id, name: r.section, sortOrder: nextSectionSort++ })
        target = { id: created.id, nextSort: 0 }
        byName.set(key, target)
        sectionsCreated++
      }
      if (!r.item) continue
      items.push({ sectionId: target.id, estimateId: e.id, sortOrder: target.nextSort++, ...lineItemColumns(r.item) })
      touched.add(target.id)
    }
    await insertLineItems(tx, ctx.orgId, items)
    for (const id of touched) await recomputeSectionTotal(tx, id)
    await recordLineItemsChanged(tx, ctx.orgId, ctx.userId, { estimateId: e.id, sectionId: null, change: 'imported' })
    return { sectionsCreated, lineItemsCreated: items.length, errors: [] }
  })
}
