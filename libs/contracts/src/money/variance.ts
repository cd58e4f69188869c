import { type DecimalInput, formatCents, fromScaledUnits, parseCents, readDecimal, roundHalfAway, unitsAt } from './cents.js'

/**
 * Spec 001 §3/§9: the company's variance range defaults to 15 percent. The one default: the
 * company settings' default and every fallback for a missing or unusable setting read it.
 */
export const DEFAULT_VARIANCE_PERCENTAGE = '15.00'

/** The variance setting as a number, falling back to the default for missing, invalid or negative values. */
export function normalizeVariance(value: DecimalInput | null | undefined): number {
  const e = readDecimal(value)
  return e === null || e.units < 0n ? Number(DEFAULT_VARIANCE_PERCENTAGE) : Number(fromScaledUnits(e.units, e.scale))
}

export type VarianceRange = { low: number; high: number; percentage: number }

/**
 * Spec 001 §9, the one range rule for the detail page, the public page and the PDF: the
 * estimate's total cost ± the company's variance percent, the difference rounded to cents, each
 * end then to whole dollars (half away from zero), the low end never below zero (10 percent on
 * 100,000 gives 90,000 to 110,000). Null when the estimate has no total.
 */
export function varianceRange(totalCost: DecimalInput | null | undefined, variancePercentage: DecimalInput | null | undefined): VarianceRange | null {
  const total = parseCents(totalCost)
  if (total === null) return null
  const percentage = normalizeVariance(variancePercentage)
  const hundredths = unitsAt(readDecimal(percentage) ?? { units: 0n, scale: 0 }, 2)
  const delta = roundHalfAway(total * hundredths, 10_000n)
  const dollars = (cents: bigint) => Number(roundHalfAway(cents, 100n))
  return { low: Math.max(0, dollars(total - delta)), high: dollars(total + delta), percentage }
}

/** The range as every screen and the PDF print it: "$90,000 - $110,000". */
export function formatVarianceRange(range: VarianceRange): string {
  const whole = (dollars: number) => formatCents(BigInt(dollars) * 100n, { whole: true })
  return `${whole(range.low)} - ${whole(range.high)}`
}
