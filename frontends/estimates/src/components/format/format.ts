import { formatCurrency, toNumber } from '@plumbline/contracts/format'

// The list's own display rules; money, numbers and dates come from @plumbline/contracts/format.

/** Spec 000 §9: totals in US dollars, or 'Draft' when there is none. */
export function formatTotal(total: string | number | null | undefined): string {
  return toNumber(total) === null ? 'Draft' : formatCurrency(total)
}

/** Cut at `max` characters (on a word boundary when close), with an ellipsis. */
export function truncate(text: string | null | undefined, max = 150): string {
  const s = (text ?? '').trim()
  if (s.length <= max) return s
  const cut = s.slice(0, max)
  const space = cut.lastIndexOf(' ')
  return `${(space > max - 20 ? cut.slice(0, space) : cut).trimEnd()}…`
}
