import type { MarkupProfile, TaxProfile } from '@plumbline/contracts'
import { formatNumber, toNumber } from '@plumbline/contracts/format'

// The one-line descriptions under each profile in the markup and tax lists.

const pct = (v: string) => `${formatNumber(v, 2)}%`

/** "Overhead 10% · Profit 15% · Contingency 5% · Labor +2%": the typed markups only when set. */
export function markupSummary(p: MarkupProfile): string {
  const parts = [`Overhead ${pct(p.overheadPercentage)}`, `Profit ${pct(p.profitPercentage)}`, `Contingency ${pct(p.contingencyPercentage)}`]
  const typed = [
    ['Labor', p.laborMarkupPercentage],
    ['Material', p.materialMarkupPercentage],
    ['Equipment', p.equipmentMarkupPercentage],
    ['Sub', p.subcontractorMarkupPercentage],
  ].filter((entry): entry is [string, string] => (toNumber(entry[1]) ?? 0) > 0)
  if (typed.length) parts.push(typed.map(([k, v]) => `${k} +${pct(v)}`).join(', '))
  return parts.join(' · ')
}

/** "8.25% · sales · Texas · on labor, materials". */
export function taxSummary(t: TaxProfile): string {
  const applies = [
    t.applyToLabor && 'labor',
    t.applyToMaterials && 'materials',
    t.applyToEquipment && 'equipment',
    t.applyToSubcontractors && 'subcontractors',
  ].filter(Boolean)
  return [`${formatNumber((toNumber(t.rate) ?? 0) * 100, 3)}%`, t.taxType, t.jurisdiction, applies.length ? `on ${applies.join(', ')}` : 'applies to nothing']
    .filter(Boolean)
    .join(' · ')
}
