import { toNumber } from '../lib/money'

/** Spec 001 §3/§9: the company's variance range defaults to 15 percent. */
export const DEFAULT_VARIANCE_PERCENTAGE = 15

/** The variance setting as a number, falling back to the default for missing or invalid values. */
export function normalizeVariance(value: string | number | null | undefined): number {
  const n = toNumber(value)
  return n === null || n < 0 ? DEFAULT_VARIANCE_PERCENTAGE : n
}

/**
 * Spec 001 §9: total ± variance percent, each end rounded to whole dollars
 * (10 percent on 100,000 gives 90,000 to 110,000). Null when there is no total.
 */
export function varianceRange(
  totalCost: string | number | null | undefined,
  variancePercentage: string | number | null | undefined,
): { low: number; high: number; percentage: number } | null {
  const total = toNumber(totalCost)
  if (total === null) return null
  const percentage = normalizeVariance(variancePercentage)
  // Work in hundredths of a percent so 0.1 + 0.2 style float noise never tips a rounding.
  const delta = (total * Math.round(percentage * 100)) / 10_000
  return { low: Math.round(total - delta), high: Math.round(total + delta), percentage }
}

/** Spec 001 §9: cost per square foot = totalCost / squareFootage; null without a positive area. */
export function costPerSquareFoot(totalCost: string | number | null | undefined, squareFootage: number | string | null | undefined): number | null {
  const total = toNumber(totalCost)
  const area = toNumber(squareFootage)
  if (total === null || area === null || area <= 0) return null
  return total / area
}
