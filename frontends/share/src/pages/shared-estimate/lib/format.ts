// The share remote builds and deploys on its own, so it keeps its own copy of these small
// display rules (the estimates remote has the same ones for the contractor's screen).

export function toNumber(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null
  const n = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value)
  return Number.isFinite(n) ? n : null
}

const whole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 })
const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 })

export function formatCurrency(value: string | number | null | undefined, opts: { whole?: boolean } = {}): string {
  const n = toNumber(value)
  return n === null ? '—' : (opts.whole ? whole : cents).format(n)
}

export function formatNumber(value: string | number | null | undefined, maxFractionDigits = 0): string {
  const n = toNumber(value)
  return n === null ? '—' : n.toLocaleString('en-US', { maximumFractionDigits: maxFractionDigits })
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—'
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' })
}
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—'
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleDateString('en-US', { dateStyle: 'long' })
}

/** Spec 001 §9: total ± variance (default 15%), each end rounded to whole dollars. */
export function varianceRange(totalCost: string | number | null | undefined, variance: string | number | null | undefined) {
  const total = toNumber(totalCost)
  if (total === null) return null
  const v = toNumber(variance)
  const percentage = v === null || v < 0 ? 15 : v
  const delta = (total * Math.round(percentage * 100)) / 10_000
  return { low: Math.round(total - delta), high: Math.round(total + delta), percentage }
}

/** Spec 001 §9: collapse above 500 characters or 5 lines, previewing 150 characters. */
export const shouldCollapse = (text: string) => text.length > 500 || text.split(/\r\n|\r|\n/).length > 5
export const preview = (text: string) => (text.length > 150 ? `${text.slice(0, 150).trimEnd()}…` : text)

/** A short, readable reference for the approval snapshot hash. */
export const shortHash = (hash: string | null | undefined) => (hash ? hash.slice(0, 12) : '')
