import { costTypeLabel, type LineItem } from './estimates.js'

// The markup half of an estimate's totals (spec 001 §9 "Markup calculation"), in one place for
// the estimates service (which adds the taxes and answers GET …/totals) and the estimate screen
// (the Cost by Type card splits the same figures by type). Exact: money is whole cents in
// bigint, a percentage is an exact decimal; nothing goes through a binary float. Each money
// result is rounded to cents half away from zero, and later sums use the rounded figures, so the
// parts always add up to the totals printed beside them.
//
// The rules:
// - base total = Σ line item totals (quantity × unit cost, already in cents);
// - overhead, profit and contingency: each a percentage of the base total, each rounded;
// - cost-type markup: for each type (Labor, Material, Equipment, Subcontractor; an item's type is
//   the first flag set in that order, see costTypeLabel) the type's percentage of the total of
//   that type's items with applyMarkup, rounded once per type; Other items get no type markup;
// - subtotalWithMarkup = base + overhead + profit + contingency + cost-type markup.
//
// By type (costByType): a type's markup is its own cost-type markup plus its share of overhead,
// profit and contingency, pro rata to its cost (the same share the tax base gives an item, see
// services/estimates/src/domain/pricing.ts). The shares are rounded by largest remainder, so the
// types' markups add up to the markup total to the cent.

export const COST_TYPE_ORDER = ['Labor', 'Material', 'Equipment', 'Subcontractor', 'Other'] as const
export type CostTypeLabel = (typeof COST_TYPE_ORDER)[number]

/** Percentages as decimal strings, "20.00" = 20 %. */
export type MarkupRates = {
  overheadPercentage: string
  profitPercentage: string
  contingencyPercentage: string
  laborMarkupPercentage: string
  materialMarkupPercentage: string
  equipmentMarkupPercentage: string
  subcontractorMarkupPercentage: string
}

/** What markup needs to know of a line item. */
export type MarkupItem = Pick<LineItem, 'totalCost' | 'isLabor' | 'isMaterial' | 'isEquipment' | 'isSubcontractor' | 'applyMarkup'>

/** The markup profile field holding each type's own percentage (Other has none). */
export const TYPE_MARKUP_FIELD: Record<Exclude<CostTypeLabel, 'Other'>, keyof MarkupRates> = {
  Labor: 'laborMarkupPercentage',
  Material: 'materialMarkupPercentage',
  Equipment: 'equipmentMarkupPercentage',
  Subcontractor: 'subcontractorMarkupPercentage',
}

/** Money as decimal strings with two decimals. */
export type MarkupTotals = {
  baseTotal: string
  overhead: string
  profit: string
  contingency: string
  costTypeMarkup: string
  markupTotal: string
  subtotalWithMarkup: string
}

export type CostByTypeRow = {
  type: CostTypeLabel
  itemCount: number
  /** Σ of the type's line item totals. */
  subtotal: string
  /** The type's own markup percentage on its items with applyMarkup. */
  typeMarkup: string
  /** Its pro-rata share of overhead, profit and contingency. */
  sharedMarkup: string
  /** typeMarkup + sharedMarkup. */
  markup: string
  /** subtotal + markup. */
  total: string
  /** Its part of subtotalWithMarkup in percent, one decimal ("37.5"); the rows add up to 100.0 (0.0 each when there is nothing). */
  share: string
}

export type CostByType = { rows: CostByTypeRow[]; totals: MarkupTotals }

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/

/** A decimal string as an exact fraction units / 10^scale; anything else is a programming error, not user input. */
function exact(text: string): { units: bigint; scale: bigint } {
  const m = DECIMAL.exec(text.trim())
  if (!m) throw new Error(`markup: not a decimal: ${JSON.stringify(text)}`)
  const [, sign, whole, frac = ''] = m
  const units = BigInt(whole + frac)
  return { units: sign ? -units : units, scale: BigInt(frac.length) }
}

/** A money string in whole cents, rounded half away from zero. */
function cents(text: string): bigint {
  const e = exact(text)
  return roundDiv(e.units * 100n, 10n ** e.scale)
}

/** n / d rounded half away from zero (d > 0). */
function roundDiv(n: bigint, d: bigint): bigint {
  const magnitude = ((n < 0n ? -n : n) * 2n + d) / (2n * d)
  return n < 0n ? -magnitude : magnitude
}

/** Whole units of 10^-decimals as a decimal string: (12345n, 2) → "123.45". */
function unitsText(units: bigint, decimals: number): string {
  const negative = units < 0n
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0')
  return `${negative ? '-' : ''}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`
}
const moneyText = (c: bigint): string => unitsText(c, 2)

/** percentage % of an amount in cents, rounded to cents. */
function percentOf(amountCents: bigint, percentage: string): bigint {
  const p = exact(percentage)
  return roundDiv(amountCents * p.units, 100n * 10n ** p.scale)
}

/**
 * Splits `amount` (whole units) over `weights` pro rata, by largest remainder: every part is the
 * exact share rounded down or up, and the parts add up to `amount`. Ties go to the earlier weight.
 */
export function allocateByWeight(amount: bigint, weights: bigint[]): bigint[] {
  let total = weights.reduce((s, w) => s + w, 0n)
  if (total === 0n) return weights.map(() => 0n)
  let ws = weights
  if (total < 0n) {
    ws = weights.map((w) => -w)
    total = -total
  }
  const floorDiv = (n: bigint) => (n >= 0n ? n / total : -((-n + total - 1n) / total))
  const parts = ws.map((w) => floorDiv(amount * w))
  const remainders = ws.map((w, i) => amount * w - parts[i] * total)
  let left = amount - parts.reduce((s, p) => s + p, 0n)
  const order = ws.map((_, i) => i).sort((a, b) => (remainders[b] > remainders[a] ? 1 : remainders[b] < remainders[a] ? -1 : a - b))
  for (const i of order) {
    if (left <= 0n) break
    parts[i] += 1n
    left -= 1n
  }
  return parts
}

type TypeSums = Record<CostTypeLabel, { count: number; base: bigint; markedUp: bigint }>

function sumByType(items: MarkupItem[]): TypeSums {
  const sums = Object.fromEntries(COST_TYPE_ORDER.map((t) => [t, { count: 0, base: 0n, markedUp: 0n }])) as TypeSums
  for (const item of items) {
    const s = sums[costTypeLabel(item)]
    const c = cents(item.totalCost)
    s.count += 1
    s.base += c
    if (item.applyMarkup) s.markedUp += c
  }
  return sums
}

function compute(items: MarkupItem[], markup: MarkupRates | null) {
  const sums = sumByType(items)
  const base = COST_TYPE_ORDER.reduce((s, t) => s + sums[t].base, 0n)
  const overhead = markup ? percentOf(base, markup.overheadPercentage) : 0n
  const profit = markup ? percentOf(base, markup.profitPercentage) : 0n
  const contingency = markup ? percentOf(base, markup.contingencyPercentage) : 0n
  const typeMarkup = Object.fromEntries(
    COST_TYPE_ORDER.map((t) => [t, markup && t !== 'Other' ? percentOf(sums[t].markedUp, markup[TYPE_MARKUP_FIELD[t]]) : 0n]),
  ) as Record<CostTypeLabel, bigint>
  const costTypeMarkup = COST_TYPE_ORDER.reduce((s, t) => s + typeMarkup[t], 0n)
  const markupTotal = overhead + profit + contingency + costTypeMarkup
  return { sums, base, overhead, profit, contingency, typeMarkup, costTypeMarkup, markupTotal, subtotal: base + markupTotal }
}

function totalsText(t: ReturnType<typeof compute>): MarkupTotals {
  return {
    baseTotal: moneyText(t.base),
    overhead: moneyText(t.overhead),
    profit: moneyText(t.profit),
    contingency: moneyText(t.contingency),
    costTypeMarkup: moneyText(t.costTypeMarkup),
    markupTotal: moneyText(t.markupTotal),
    subtotalWithMarkup: moneyText(t.subtotal),
  }
}

/** Base, markup parts and subtotal with markup of these items under this profile (none: at cost). */
export function markupTotals(items: MarkupItem[], markup: MarkupRates | null): MarkupTotals {
  return totalsText(compute(items, markup))
}

/**
 * The same totals split by cost type, one row per type in COST_TYPE_ORDER (types without items
 * included, as zeros): Σ subtotal = baseTotal, Σ markup = markupTotal, Σ total = subtotalWithMarkup.
 */
export function costByType(items: MarkupItem[], markup: MarkupRates | null): CostByType {
  const t = compute(items, markup)
  const shared = allocateByWeight(
    t.overhead + t.profit + t.contingency,
    COST_TYPE_ORDER.map((type) => t.sums[type].base),
  )
  const totals = COST_TYPE_ORDER.map((type, i) => t.sums[type].base + t.typeMarkup[type] + shared[i])
  // Tenths of a percent, by largest remainder too, so the shown shares add up to 100.0.
  const shares = allocateByWeight(t.subtotal === 0n ? 0n : 1000n, totals)
  const rows = COST_TYPE_ORDER.map((type, i) => ({
    type,
    itemCount: t.sums[type].count,
    subtotal: moneyText(t.sums[type].base),
    typeMarkup: moneyText(t.typeMarkup[type]),
    sharedMarkup: moneyText(shared[i]),
    markup: moneyText(t.typeMarkup[type] + shared[i]),
    total: moneyText(totals[i]),
    share: unitsText(shares[i], 1),
  }))
  return { rows, totals: totalsText(t) }
}
