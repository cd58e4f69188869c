import { allocateByWeight, type Cents, centsOf, centsText, exactDecimal, fromScaledUnits, percentOf, rateOf, roundHalfAway } from './cents.js'

// An estimate's totals (spec 001 §9 "Markup calculation"), the one rule: the estimates service
// computes them (GET …/totals, the public page's grand total, the PDF's totals block) and the
// estimate screen's Cost by Type card splits the same figures by type. Amounts are whole cents,
// percentages and rates exact decimals (see cents.ts); each money result is rounded to cents half
// away from zero and later sums use the rounded figures, so every line of the breakdown adds up
// exactly to the totals shown beside it.
//
// The rules:
// - base total = Σ line item totals (quantity × unit cost, already in cents);
// - overhead, profit and contingency: each a percentage of the base total, each rounded;
// - cost-type markup: for each type (Labor, Material, Equipment, Subcontractor; an item's type is
//   the first flag set in that order, see costTypeLabel) the type's percentage of the total of
//   that type's items with applyMarkup, rounded once per type; Other items get no type markup;
// - subtotalWithMarkup = base + overhead + profit + contingency + cost-type markup;
// - tax, per selected ACTIVE tax profile, on the marked-up total (spec 001 §9) of the items it
//   applies to: taxable = Σ over items with applyTax whose type the profile applies to of
//   (item total + the item's own cost-type markup when applyMarkup + the item's pro-rata share of
//   overhead, profit and contingency, i.e. (overhead + profit + contingency) × item total / base
//   total), rounded to cents once. No tax when taxable ≤ exemptionThreshold, or when nothing is
//   taxable; else tax = taxable × rate rounded, then raised to minimumAmount and capped at
//   maximumAmount;
// - grandTotal = subtotalWithMarkup + Σ taxes.
//
// By type (costByType): a type's markup is its own cost-type markup plus its share of overhead,
// profit and contingency, pro rata to its cost (the share the tax base gives an item). The shares
// are rounded by largest remainder, so the types' markups add up to the markup total to the cent.
//
// A worked example (the unit test `test/money-totals.test.ts` asserts exactly these figures):
//
//   items (type, total, applyMarkup, applyTax)
//     A Labor          450.00  markup  tax
//     B Material       384.40  markup  tax     (120.5 sqft × 3.19 = 384.395 → 384.40)
//     C Equipment      275.00  -       tax
//     D Subcontractor 1200.00  markup  tax
//     E Other           99.99  markup  tax     (no type flag: no type markup, taxed by nobody)
//     F Material        24.68  markup  -
//   base = 450 + 384.40 + 275 + 1200 + 99.99 + 24.68                         = 2434.07
//   markup profile: overhead 20, profit 15, contingency 5, labor 2.5, material 10, equipment 15,
//   subcontractor 5 (%)
//     overhead    2434.07 × 0.20 = 486.814   → 486.81
//     profit      2434.07 × 0.15 = 365.1105  → 365.11
//     contingency 2434.07 × 0.05 = 121.7035  → 121.70
//     labor        450.00 × 0.025 = 11.25
//     material    (384.40 + 24.68) = 409.08 × 0.10 = 40.908 → 40.91
//     equipment   C has no applyMarkup → 0.00
//     subcontr.   1200.00 × 0.05 = 60.00
//     costTypeMarkup = 11.25 + 40.91 + 0 + 60.00                               = 112.16
//     markupTotal = 486.81 + 365.11 + 121.70 + 112.16                          = 1085.78
//   subtotalWithMarkup = 2434.07 + 1085.78                                     = 3519.85
//   taxes: overhead + profit + contingency = 486.81 + 365.11 + 121.70 = 973.62 are shared out over
//   the base pro rata, 973.62 / 2434.07 = 0.3999967… per dollar of an item's total
//     T1 sales 0.0825 on materials + equipment:
//        B 384.40 + 38.44 + 153.76 (share) + C 275.00 + 110.00 (share) (F has no applyTax)
//        = 697.84 + 973.62 × 659.40 / 2434.07 (263.7578…) = 961.5978… → 961.60
//        961.60 × 0.0825 = 79.332 → 79.33
//     T2 local 0.01 on labor, minimum 10.00:
//        450 + 11.25 + 973.62 × 450 / 2434.07 (179.9985…) = 641.2485… → 641.25
//        641.25 × 0.01 = 6.4125 → 6.41 → raised to 10.00
//     T3 special 0.02 on subcontractors, maximum 20.00:
//        1200 + 60 + 973.62 × 1200 / 2434.07 (479.9960…) = 1739.9960… → 1740.00
//        1740.00 × 0.02 = 34.80 → capped at 20.00
//     T4 use 0.05 on equipment, exemption threshold 385.00:
//        275 + 973.62 × 275 / 2434.07 (109.9990…) = 384.9990… → 385.00 ≤ 385.00 → 0.00
//     T5 inactive (0.50 on everything): not applied, not listed
//     taxTotal = 79.33 + 10.00 + 20.00 + 0.00                                  = 109.33
//   grandTotal = 3519.85 + 109.33                                              = 3629.18
//   By type, the 973.62 shared out: Labor 180.00, Material 163.63, Equipment 110.00,
//   Subcontractor 480.00, Other 39.99 (exact 179.9985, 163.6307, 109.9991, 479.9961, 39.9957; the
//   floors leave 3 cents for the three largest remainders).

export const COST_TYPE_ORDER = ['Labor', 'Material', 'Equipment', 'Subcontractor', 'Other'] as const
export type CostTypeLabel = (typeof COST_TYPE_ORDER)[number]

type CostTypeFlags = { isLabor: boolean; isMaterial: boolean; isEquipment: boolean; isSubcontractor: boolean }

/** The cost-type label rule (spec 001 §3): first flag set in this order, else Other. */
export function costTypeLabel(item: CostTypeFlags): CostTypeLabel {
  if (item.isLabor) return 'Labor'
  if (item.isMaterial) return 'Material'
  if (item.isEquipment) return 'Equipment'
  if (item.isSubcontractor) return 'Subcontractor'
  return 'Other'
}

/** What the totals need to know of a line item; totalCost is a decimal string already in cents. */
export type PricedItem = CostTypeFlags & { totalCost: string; applyMarkup: boolean; applyTax: boolean }
/** What the markup half (and its split by type) needs of a line item. */
export type MarkupItem = Omit<PricedItem, 'applyTax'>

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

/** The markup profile field holding each type's own percentage (Other has none). */
export const TYPE_MARKUP_FIELD: Record<Exclude<CostTypeLabel, 'Other'>, keyof MarkupRates> = {
  Labor: 'laborMarkupPercentage',
  Material: 'materialMarkupPercentage',
  Equipment: 'equipmentMarkupPercentage',
  Subcontractor: 'subcontractorMarkupPercentage',
}

/** A selected tax profile as the rule reads it. */
export type TaxRule = {
  id: string
  name: string
  /** A fraction as a decimal string: "0.0825" = 8.25 %. */
  rate: string
  isActive: boolean
  applyToLabor: boolean
  applyToMaterials: boolean
  applyToEquipment: boolean
  applyToSubcontractors: boolean
  minimumAmount: string | null
  maximumAmount: string | null
  exemptionThreshold: string | null
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

export type EstimateTotals = MarkupTotals & {
  taxes: { taxProfileId: string; name: string; amount: string }[]
  taxTotal: string
  grandTotal: string
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

type TypeSums = Record<CostTypeLabel, { count: number; base: Cents; markedUp: Cents }>

function sumByType(items: MarkupItem[]): TypeSums {
  const sums = Object.fromEntries(COST_TYPE_ORDER.map((t) => [t, { count: 0, base: 0n, markedUp: 0n }])) as TypeSums
  for (const item of items) {
    const s = sums[costTypeLabel(item)]
    const c = centsOf(item.totalCost)
    s.count += 1
    s.base += c
    if (item.applyMarkup) s.markedUp += c
  }
  return sums
}

/** The markup half, in cents. */
function markupOf(items: MarkupItem[], markup: MarkupRates | null) {
  const sums = sumByType(items)
  const base = COST_TYPE_ORDER.reduce((s, t) => s + sums[t].base, 0n)
  const overhead = markup ? percentOf(base, markup.overheadPercentage) : 0n
  const profit = markup ? percentOf(base, markup.profitPercentage) : 0n
  const contingency = markup ? percentOf(base, markup.contingencyPercentage) : 0n
  const typeMarkup = Object.fromEntries(
    COST_TYPE_ORDER.map((t) => [t, markup && t !== 'Other' ? percentOf(sums[t].markedUp, markup[TYPE_MARKUP_FIELD[t]]) : 0n]),
  ) as Record<CostTypeLabel, Cents>
  const costTypeMarkup = COST_TYPE_ORDER.reduce((s, t) => s + typeMarkup[t], 0n)
  const margins = overhead + profit + contingency
  return { sums, base, overhead, profit, contingency, margins, typeMarkup, costTypeMarkup, markupTotal: margins + costTypeMarkup }
}
type Markup = ReturnType<typeof markupOf>

function markupText(m: Markup): MarkupTotals {
  return {
    baseTotal: centsText(m.base),
    overhead: centsText(m.overhead),
    profit: centsText(m.profit),
    contingency: centsText(m.contingency),
    costTypeMarkup: centsText(m.costTypeMarkup),
    markupTotal: centsText(m.markupTotal),
    subtotalWithMarkup: centsText(m.base + m.markupTotal),
  }
}

function taxApplies(rule: TaxRule, type: CostTypeLabel): boolean {
  switch (type) {
    case 'Labor':
      return rule.applyToLabor
    case 'Material':
      return rule.applyToMaterials
    case 'Equipment':
      return rule.applyToEquipment
    case 'Subcontractor':
      return rule.applyToSubcontractors
    default:
      return false
  }
}

/**
 * The marked-up amount a tax profile is charged on: each qualifying item's total, its own
 * cost-type markup and its share (item total / base) of overhead, profit and contingency, summed
 * as one exact fraction and rounded to cents once, so the shares of several items lose no cents.
 */
function taxableAmount(items: PricedItem[], markup: MarkupRates | null, rule: TaxRule, m: Markup): Cents {
  const taxed = items.filter((item) => item.applyTax && taxApplies(rule, costTypeLabel(item)))
  const percentageOf = (item: PricedItem) => {
    const type = costTypeLabel(item)
    return exactDecimal(markup && item.applyMarkup && type !== 'Other' ? markup[TYPE_MARKUP_FIELD[type]] : '0')
  }
  const percentages = taxed.map(percentageOf)
  const scale = 10n ** BigInt(Math.max(0, ...percentages.map((p) => p.scale)))
  // A zero base has no share to give (and would divide by zero); a negative one (credits only) is never taxed.
  const base = m.base > 0n ? m.base : 1n
  const margins = m.base > 0n ? m.margins : 0n
  // Everything over the denominator 100 × 10^scale × base.
  const denominator = 100n * scale * base
  let numerator = 0n
  taxed.forEach((item, i) => {
    const total = centsOf(item.totalCost)
    const p = percentages[i]
    const percentage = p.units * (scale / 10n ** BigInt(p.scale))
    numerator += total * denominator + total * percentage * base + total * margins * 100n * scale
  })
  return roundHalfAway(numerator, denominator)
}

/** One profile's tax: exemption threshold first, then rate, then minimum and maximum. */
function taxAmount(taxable: Cents, rule: TaxRule): Cents {
  if (taxable <= 0n) return 0n
  if (rule.exemptionThreshold !== null && taxable <= centsOf(rule.exemptionThreshold)) return 0n
  let tax = rateOf(taxable, rule.rate)
  if (rule.minimumAmount !== null && tax < centsOf(rule.minimumAmount)) tax = centsOf(rule.minimumAmount)
  if (rule.maximumAmount !== null && tax > centsOf(rule.maximumAmount)) tax = centsOf(rule.maximumAmount)
  return tax
}

/** An estimate's totals: the markup half under this profile (none: at cost), then the active selected taxes. */
export function estimateTotals(items: PricedItem[], markup: MarkupRates | null, taxRules: TaxRule[]): EstimateTotals {
  const m = markupOf(items, markup)
  const taxes = taxRules.filter((r) => r.isActive).map((rule) => ({ rule, amount: taxAmount(taxableAmount(items, markup, rule, m), rule) }))
  const taxTotal = taxes.reduce((sum, t) => sum + t.amount, 0n)
  return {
    ...markupText(m),
    taxes: taxes.map((t) => ({ taxProfileId: t.rule.id, name: t.rule.name, amount: centsText(t.amount) })),
    taxTotal: centsText(taxTotal),
    grandTotal: centsText(m.base + m.markupTotal + taxTotal),
  }
}

/**
 * The markup half split by cost type, one row per type in COST_TYPE_ORDER (types without items
 * included, as zeros): Σ subtotal = baseTotal, Σ markup = markupTotal, Σ total = subtotalWithMarkup.
 */
export function costByType(items: MarkupItem[], markup: MarkupRates | null): CostByType {
  const m = markupOf(items, markup)
  const shared = allocateByWeight(
    m.margins,
    COST_TYPE_ORDER.map((type) => m.sums[type].base),
  )
  const totals = COST_TYPE_ORDER.map((type, i) => m.sums[type].base + m.typeMarkup[type] + shared[i])
  // Tenths of a percent, by largest remainder too, so the shown shares add up to 100.0.
  const subtotal = m.base + m.markupTotal
  const shares = allocateByWeight(subtotal === 0n ? 0n : 1000n, totals)
  const rows = COST_TYPE_ORDER.map((type, i) => ({
    type,
    itemCount: m.sums[type].count,
    subtotal: centsText(m.sums[type].base),
    typeMarkup: centsText(m.typeMarkup[type]),
    sharedMarkup: centsText(shared[i]),
    markup: centsText(m.typeMarkup[type] + shared[i]),
    total: centsText(totals[i]),
    share: fromScaledUnits(shares[i], 1),
  }))
  return { rows, totals: markupText(m) }
}
