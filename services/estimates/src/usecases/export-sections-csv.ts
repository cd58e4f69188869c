import { CSV_COLUMNS, costTypeLabel } from '@plumbline/contracts'
import type { OrgContext } from '@plumbline/service-kit'
import { findLiveEstimate } from '../data/estimates-repo.js'
import { loadSections } from '../data/sections-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { csvCell, toCsv } from '../domain/csv.js'

/** Sections and line items as CSV (columns Section, Item, Type, Qty, Unit, Unit Cost, Description). */
export async function exportSectionsCsv(deps: EstimatesDeps, ctx: OrgContext, estimateId: string): Promise<{ csv: string; fileName: string }> {
  const e = await findLiveEstimate(deps.prisma, ctx.orgId, estimateId)
  const sections = await loadSections(deps.queryRows, ctx.orgId, e.id)
  const rows: string[][] = [[...CSV_COLUMNS]]
  for (const s of sections) {
    // An empty section is a row with only its name, so an import recreates it.
    if (s.lineItems.length === 0) rows.push([csvCell(s.name, { text: true }), '', '', '', '', '', ''])
    for (const i of s.lineItems) {
      rows.push([
        csvCell(s.name, { text: true }),
        csvCell(i.name, { text: true }),
        costTypeLabel(i),
        i.quantity,
        csvCell(i.unit, { text: true }),
        i.unitCost,
        csvCell(i.description ?? '', { text: true }),
      ])
    }
  }
  const slug =
    e.projectName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'estimate'
  return { csv: toCsv(rows), fileName: `${slug}-line-items.csv` }
}
