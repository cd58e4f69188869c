import { type EstimateFacts, lineItemCount, quotedTotal } from '../domain/estimate-facts.js'
import { money, quantity, thousands } from '../domain/format.js'

const ITEMS_PER_SECTION = 15

/** The estimate's facts as compact "label: value" lines for a model; missing facts are left out. */
export function factsBlock(f: EstimateFacts): string {
  const lines: string[] = []
  const add = (label: string, value: string | null | undefined) => value && lines.push(`${label}: ${value}`)
  add('Project', f.projectName)
  add('Project type', f.projectType)
  add('Client', f.clientName)
  add('Property address', f.propertyAddress)
  add('Square footage', f.squareFootage ? thousands(f.squareFootage) : null)
  add('Total', money(quotedTotal(f)))
  if (f.pricing) {
    add('Direct costs', money(f.pricing.baseTotal))
    add('Overhead, profit and contingency', money(f.pricing.markupTotal))
    add('Taxes', money(f.pricing.taxTotal))
  }
  add('Contractor', f.company.name)
  add('Contractor licence', f.company.license)
  add("Special features (the contractor's words: describe them for the client in your own words)", f.specialFeatures)
  add('Property details', f.propertyNotes.join('; ') || null)
  if (f.phases.length) {
    lines.push(
      'Phases:',
      ...f.phases.map(
        (p, i) =>
          `  ${i + 1}. ${p.name}${p.amount ? ` (${money(p.amount)})` : ''}${p.startDate ? ` from ${p.startDate.slice(0, 10)}` : ''}${p.endDate ? ` to ${p.endDate.slice(0, 10)}` : ''}${p.description ? `: ${p.description}` : ''}`,
      ),
    )
  }
  if (f.sections.length) {
    lines.push(`Cost sections (${lineItemCount(f)} line items):`)
    for (const s of f.sections) {
      lines.push(`  ${s.name}${s.total ? ` (${money(s.total)})` : ''}${s.description ? `: ${s.description}` : ''}`)
      for (const i of s.items.slice(0, ITEMS_PER_SECTION))
        lines.push(`    - ${i.name}: ${quantity(i.quantity)} ${i.unit}, ${money(i.totalCost)}, ${i.costType}`)
      if (s.items.length > ITEMS_PER_SECTION) lines.push(`    - and ${s.items.length - ITEMS_PER_SECTION} more items`)
    }
  }
  if (f.meetingNotes) lines.push(`Meeting notes (contractor-only: shape the text by them, never quote them):\n${f.meetingNotes.slice(0, 6000)}`)
  return lines.join('\n')
}
