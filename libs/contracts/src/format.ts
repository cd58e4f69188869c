// The display rules every screen and document shares: money, numbers, percentages, dates and the
// variance range. The estimates and share remotes and the PDF (services/documents) all call these,
// so a client sees the same figures on the public page and in the PDF.

/** A decimal string from the API ("1234.50", "$1,234.50") or a number as a number; null when empty or not numeric. */
export function toNumber(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null
  const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value.replace(/[$,\s]/g, ''))
  return Number.isFinite(n) ? n : null
}

/** A decimal string or number as whole cents (rounded half away from zero); null when not numeric. */
export function toCents(value: string | number | null | undefined): number | null {
  const n = toNumber(value)
  if (n === null) return null
  // Through the decimal text, so 1.005 is 101 cents and not 100.49999… cents.
  const cents = Number(`${Math.abs(n)}e2`)
  return Math.sign(n) * Math.round(cents)
}

const usdCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 })
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 })

/** US dollars: "$1,234.50", or "$1,235" with `{ whole: true }`; "—" for no value. */
export function formatCurrency(value: string | number | null | undefined, opts: { whole?: boolean } = {}): string {
  const n = toNumber(value)
  return n === null ? '—' : (opts.whole ? usdWhole : usdCents).format(n)
}

/** Grouped digits, at most `maxFractionDigits` decimals: "1,900", "12.5"; "—" for no value. */
export function formatNumber(value: string | number | null | undefined, maxFractionDigits = 0): string {
  const n = toNumber(value)
  return n === null ? '—' : n.toLocaleString('en-US', { maximumFractionDigits: maxFractionDigits })
}

/** A percentage with at most two decimals: "15%", "12.5%"; "—" for no value. */
export function formatPercent(value: string | number | null | undefined): string {
  const n = toNumber(value)
  return n === null ? '—' : `${formatNumber(n, 2)}%`
}

function validDate(iso: string | null | undefined): Date | null {
  if (!iso) return null
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? null : d
}

/**
 * A calendar date: 'long' "November 24, 2026" (documents, the public page), 'short' "Nov 24, 2026"
 * (lists and cards); "—" for none. `timeZone` pins the day (the PDF prints in UTC).
 */
export function formatDate(iso: string | null | undefined, style: 'long' | 'short' = 'long', timeZone?: string): string {
  const d = validDate(iso)
  if (!d) return '—'
  return d.toLocaleDateString('en-US', { year: 'numeric', month: style, day: 'numeric', ...(timeZone ? { timeZone } : {}) })
}

/** A date with the time of day: "November 24, 2026 at 5:40 PM"; "—" for none. */
export function formatDateTime(iso: string | null | undefined): string {
  const d = validDate(iso)
  return d ? d.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' }) : '—'
}

/** Spec 001 §3/§9: the company's variance range defaults to 15 percent. */
export const DEFAULT_VARIANCE_PERCENTAGE = 15

/** The variance setting as a number, falling back to the default for missing, invalid or negative values. */
export function normalizeVariance(value: string | number | null | undefined): number {
  const n = toNumber(value)
  return n === null || n < 0 ? DEFAULT_VARIANCE_PERCENTAGE : n
}

export type VarianceRange = { low: number; high: number; percentage: number }

/**
 * Spec 001 §9, the one range rule: the estimate's total cost ± the company's variance percent,
 * each end rounded to whole dollars, the low end never below zero (10 percent on 100,000 gives
 * 90,000 to 110,000). Computed in cents and hundredths of a percent so float noise never tips a
 * rounding. Null when the estimate has no total.
 */
export function varianceRange(totalCost: string | number | null | undefined, variancePercentage: string | number | null | undefined): VarianceRange | null {
  const totalCents = toCents(totalCost)
  if (totalCents === null) return null
  const percentage = normalizeVariance(variancePercentage)
  const basisPoints = Math.round(percentage * 100)
  const deltaCents = Math.round((totalCents * basisPoints) / 10_000)
  const toDollars = (cents: number) => Math.round(cents / 100)
  return { low: Math.max(0, toDollars(totalCents - deltaCents)), high: toDollars(totalCents + deltaCents), percentage }
}

/** The range as every screen and the PDF print it: "$90,000 - $110,000". */
export function formatVarianceRange(range: VarianceRange): string {
  return `${formatCurrency(range.low, { whole: true })} - ${formatCurrency(range.high, { whole: true })}`
}

/** Spec 001 §9: cost per square foot = totalCost / squareFootage; null without a positive area. */
export function costPerSquareFoot(totalCost: string | number | null | undefined, squareFootage: string | number | null | undefined): number | null {
  const total = toNumber(totalCost)
  const area = toNumber(squareFootage)
  if (total === null || area === null || area <= 0) return null
  return total / area
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
]
const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago": the largest whole unit that fits. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000)
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size) return relativeFormat.format(Math.trunc(seconds / size), unit)
  }
  return 'just now'
}
