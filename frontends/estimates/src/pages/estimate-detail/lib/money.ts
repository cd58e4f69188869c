// Money on the wire is a decimal string ("1234.50"). Display and client-side sums go through
// whole cents so that adding many rows never drifts the way float dollars do.

/** A decimal string or number as whole cents; null for empty or non-numeric input. */
export function toCents(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null
  const s = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value.replace(/[$,\s]/g, ''))
  if (!Number.isFinite(s)) return null
  return Math.round(s * 100)
}

/** A number as a number, or null (for strings from the API or inputs). */
export function toNumber(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null
  const n = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value.replace(/[$,\s]/g, ''))
  return Number.isFinite(n) ? n : null
}

const whole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 })
const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** US dollars: with cents by default, whole dollars with `{ whole: true }`. */
export function formatCurrency(value: string | number | null | undefined, opts: { whole?: boolean } = {}): string {
  const n = toNumber(value)
  if (n === null) return '—'
  return (opts.whole ? whole : cents).format(n)
}

/** Sum of decimal strings, returned in dollars (exact to the cent). */
export function sumMoney(values: Array<string | number | null | undefined>): number {
  return values.reduce<number>((acc, v) => acc + (toCents(v) ?? 0), 0) / 100
}

export function formatNumber(value: number | string | null | undefined, maxFractionDigits = 0): string {
  const n = toNumber(value)
  if (n === null) return '—'
  return n.toLocaleString('en-US', { maximumFractionDigits: maxFractionDigits })
}
