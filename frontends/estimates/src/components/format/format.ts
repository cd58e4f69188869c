const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 })
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })

/** Spec 000 §9: totals in US dollars, or 'Draft' when there is none. */
export function formatTotal(total: string | number | null | undefined): string {
  if (total === null || total === undefined || String(total).trim() === '') return 'Draft'
  const n = Number(total)
  return Number.isFinite(n) ? usd.format(n) : 'Draft'
}

export function formatUsd(value: string | number, whole = false): string {
  const n = Number(value)
  if (!Number.isFinite(n)) return '—'
  return (whole ? usdWhole : usd).format(n)
}

const dateFmt = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' })
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—'
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? '—' : dateFmt.format(d)
}

/** Cut at `max` characters (on a word boundary when close), with an ellipsis. */
export function truncate(text: string | null | undefined, max = 150): string {
  const s = (text ?? '').trim()
  if (s.length <= max) return s
  const cut = s.slice(0, max)
  const space = cut.lastIndexOf(' ')
  return `${(space > max - 20 ? cut.slice(0, space) : cut).trimEnd()}…`
}

export function formatNumber(n: number | null | undefined): string {
  return typeof n === 'number' && Number.isFinite(n) ? n.toLocaleString('en-US') : '—'
}
