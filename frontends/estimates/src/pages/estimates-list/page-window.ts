export type PageWindowItem = { type: 'page'; page: number } | { type: 'ellipsis'; key: string }

/**
 * The numbered buttons of the pagination bar (spec 000 §9): the first page, the last page and up
 * to 2 pages either side of the current one, with an ellipsis for each gap. A gap of exactly one
 * page shows that page's number instead (an ellipsis would hide no more than a button does).
 */
export function pageWindow(current: number, totalPages: number, radius = 2): PageWindowItem[] {
  const total = Math.max(0, Math.floor(totalPages))
  if (total === 0) return []
  const cur = Math.min(Math.max(1, Math.floor(current) || 1), total)
  const pages = new Set<number>([1, total])
  for (let p = cur - radius; p <= cur + radius; p++) if (p >= 1 && p <= total) pages.add(p)
  const sorted = [...pages].sort((a, b) => a - b)
  const out: PageWindowItem[] = []
  let prev = 0
  for (const p of sorted) {
    if (prev) {
      const gap = p - prev - 1
      if (gap === 1) out.push({ type: 'page', page: prev + 1 })
      else if (gap > 1) out.push({ type: 'ellipsis', key: `gap-${prev}-${p}` })
    }
    out.push({ type: 'page', page: p })
    prev = p
  }
  return out
}

/** 1-based range shown on the current page: 'Showing {from}-{to} of {total}'. */
export function pageRange(page: number, limit: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 }
  const from = Math.min((page - 1) * limit + 1, total)
  return { from, to: Math.min(page * limit, total) }
}
