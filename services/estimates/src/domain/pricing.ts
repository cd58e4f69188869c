import { costTypeLabel, type MarkupRates, type MarkupTotals, markupTotals, TYPE_MARKUP_FIELD } from '@plumbline/contracts'
import { Decimal as DecimalJs } from 'decimal.js'

// Estimate totals (spec 001 §9 "Markup calculation"), computed on the server. The markup half
// (base, overhead, profit, contingency, cost-type markup) is markupTotals from
// @plumbline/contracts, the rule the estimate screen's Cost by Type card splits by type, so the
// two can never disagree; this file adds the taxes. Pure and exact: every amount is a decimal
// built from the decimal strings the database holds; binary floats never touch money. Each money result is rounded to cents half-up (away from
// zero for negatives, e.g. a credit line), then later sums use the rounded figures, so every
// line of the breakdown adds up exactly to the totals shown beside it.
//
// The rules:
// - base total = Σ line item totals (the stored quantity × unit cost, already in cents);
// - overhead, profit and contingency: each percentage of the base total, each rounded;
// - cost-type markup: for each type (Labor, Material, Equipment, Subcontractor; an item's type is
//   the first flag set in that order, see costTypeLabel) the type's percentage of the total of
//   that type's items with applyMarkup, rounded per type; "Other" items get no type markup;
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
// A worked example (the unit test `pricing.test.ts` asserts exactly these figures):
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

const Decimal = DecimalJs.clone({ precision: 50, rounding: DecimalJs.ROUND_HALF_UP })
type Dec = InstanceType<typeof Decimal>

export type CostType = 'Labor' | 'Material' | 'Equipment' | 'Subcontractor' | 'Other'

export type PricedItem = {
  /** Decimal string, already rounded to cents (quantity × unit cost). */
  totalCost: string
  isLabor: boolean
  isMaterial: boolean
  isEquipment: boolean
  isSubcontractor: boolean
  applyMarkup: boolean
  applyTax: boolean
}

/** Percentages as decimal strings, "20.00" = 20 % (defined with the markup rule in contracts). */
export type { MarkupRates }

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

export type EstimateTotals = MarkupTotals & {
  taxes: { taxProfileId: string; name: string; amount: string }[]
  taxTotal: string
  grandTotal: string
}

const ZERO = new Decimal(0)

/** Parses a stored decimal string; anything else is a programming error, not user input. */
function dec(value: string): Dec {
  if (!/^-?\d+(\.\d+)?$/.test(value.trim())) throw new Error(`pricing: not a decimal: ${JSON.stringify(value)}`)
  return new Decimal(value.trim())
}

/** Cents, half-up (decimal.js ROUND_HALF_UP rounds ties away from zero). */
export const toCents = (value: Dec): Dec => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
const money = (value: Dec): string => toCents(value).toFixed(2)

export const costTypeOf = (item: PricedItem): CostType => costTypeLabel(item)

/** The cost-type markup percentage an item earns (0 for Other, no profile, or applyMarkup off). */
function itemMarkupPercentage(item: PricedItem, markup: MarkupRates | null): string {
  const type = costTypeOf(item)
  if (!markup || !item.applyMarkup || type === 'Other') return '0'
  return markup[TYPE_MARKUP_FIELD[type]]
}

function taxApplies(rule: TaxRule, type: CostType): boolean {
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

/** What the tax base needs besides the items: the base total and the overhead + profit + contingency to share out. */
export type MarginPool = { base: Dec; margins: Dec }

/**
 * The marked-up amount a tax profile is charged on, in cents: each qualifying item's total, its own
 * cost-type markup and its pro-rata share (item total / base total) of overhead, profit and
 * contingency. Rounded once at the end so the shares of several items do not lose cents.
 */
export function taxableAmount(items: PricedItem[], markup: MarkupRates | null, rule: TaxRule, pool: MarginPool): Dec {
  // A zero base has no share to give (and would divide by zero); a negative one (credits only) is never taxed.
  const marginPerDollar = pool.base.greaterThan(0) ? pool.margins.dividedBy(pool.base) : ZERO
  let exact = ZERO
  for (const item of items) {
    if (!item.applyTax || !taxApplies(rule, costTypeOf(item))) continue
    const total = dec(item.totalCost)
    const typeMarkup = total.times(dec(itemMarkupPercentage(item, markup))).dividedBy(100)
    exact = exact.plus(total).plus(typeMarkup).plus(total.times(marginPerDollar))
  }
  return toCents(exact)
}

/** One profile's tax: exemption threshold first, then rate, then minimum and maximum. */
export function taxAmount(taxable: Dec, rule: TaxRule): Dec {
  if (taxable.isZero() || taxable.isNegative()) return ZERO
  if (rule.exemptionThreshold !== null && taxable.lessThanOrEqualTo(dec(rule.exemptionThreshold))) return ZERO
  let tax = toCents(taxable.times(dec(rule.rate)))
  if (rule.minimumAmount !== null && tax.lessThan(dec(rule.minimumAmount))) tax = toCents(dec(rule.minimumAmount))
  if (rule.maximumAmount !== null && tax.greaterThan(dec(rule.maximumAmount))) tax = toCents(dec(rule.maximumAmount))
  return tax
}

export function computeTotals(items: PricedItem[], markup: MarkupRates | null, taxRules: TaxRule[]): EstimateTotals {
  const marked = markupTotals(items, markup)
  const subtotal = dec(marked.subtotalWithMarkup)
  const pool: MarginPool = {
    base: dec(marked.baseTotal),
    margins: dec(marked.overhead).plus(dec(marked.profit)).plus(dec(marked.contingency)),
  }
  const taxes = taxRules
    .filter((r) => r.isActive)
    .map((rule) => ({ taxProfileId: rule.id, name: rule.name, amount: taxAmount(taxableAmount(items, markup, rule, pool), rule) }))
  const taxTotal = taxes.reduce((sum, t) => sum.plus(t.amount), ZERO)
  return {
    ...marked,
    taxes: taxes.map((t) => ({ taxProfileId: t.taxProfileId, name: t.name, amount: money(t.amount) })),
    taxTotal: money(taxTotal),
    grandTotal: money(subtotal.plus(taxTotal)),
  }
}
