import { formatCents, parseCents } from './money/cents.js'

// The display rules every screen and document shares: money, numbers, percentages and dates (the
// money arithmetic and the variance range are the money module's). The estimates and share
// remotes and the PDF (services/documents) all call these, so a client sees the same figures on
// the public page and in the PDF.

/** A decimal string from the API ("1234.50", "$1,234.50") or a number as a number; null when empty or not numeric. */
export function toNumber(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null
  const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value.replace(/[$,\s]/g, ''))
  return Number.isFinite(n) ? n : null
}

/** US dollars: "$1,234.50", or "$1,235" with `{ whole: true }`; "—" for no value. Exact, through whole cents (money/cents.ts). */
export function formatCurrency(value: string | number | null | undefined, opts: { whole?: boolean } = {}): string {
  const cents = parseCents(value)
  return cents === null ? '—' : formatCents(cents, opts)
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
