import { PAGE_SIZES } from '@plumbline/contracts/estimate-list-options'
import { Button, cn, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@plumbline/ui'
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react'
import type { PageSize } from './list-state'
import { pageRange, pageWindow } from './page-window'

export function resultsText(page: number, limit: number, total: number): string {
  if (total <= 0) return 'No results found'
  const { from, to } = pageRange(page, limit, total)
  return `Showing ${from}-${to} of ${total} results`
}

/** Page-size selector, results line and page buttons (only when there is more than one page). */
export function PaginationBar({
  page,
  limit,
  total,
  totalPages,
  onPage,
  onLimit,
}: {
  page: number
  limit: PageSize
  total: number
  totalPages: number
  onPage: (page: number) => void
  onLimit: (limit: PageSize) => void
}) {
  const go = (p: number) => {
    if (p >= 1 && p <= totalPages && p !== page) onPage(p)
  }
  return (
    <div className="flex flex-col items-center gap-3 border-t pt-4 sm:flex-row sm:justify-between">
      <div className="flex items-center gap-3 text-sm text-muted-foreground">
        <div className="flex items-center gap-2">
          <span id="page-size-label" className="whitespace-nowrap">
            Rows per page
          </span>
          <Select value={String(limit)} onValueChange={(v) => onLimit(Number(v) as PageSize)}>
            <SelectTrigger className="h-8 w-[4.5rem]" aria-labelledby="page-size-label">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {PAGE_SIZES.map((n) => (
                <SelectItem key={n} value={String(n)}>
                  {n}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <span aria-live="polite" data-testid="results-text" className="whitespace-nowrap">
          {resultsText(page, limit, total)}
        </span>
      </div>
      {totalPages > 1 ? (
        <nav aria-label="Pagination" className="flex flex-wrap items-center justify-center gap-1">
          <Button variant="outline" size="icon-sm" className="hidden sm:inline-flex" onClick={() => go(1)} disabled={page <= 1} aria-label="First page">
            <ChevronsLeft />
          </Button>
          <Button variant="outline" size="icon-sm" onClick={() => go(page - 1)} disabled={page <= 1} aria-label="Previous page">
            <ChevronLeft />
          </Button>
          {pageWindow(page, totalPages).map((item) =>
            item.type === 'ellipsis' ? (
              <span key={item.key} aria-hidden="true" className="w-6 text-center text-sm text-muted-foreground">
                …
              </span>
            ) : (
              <Button
                key={item.page}
                variant={item.page === page ? 'default' : 'ghost'}
                size="icon-sm"
                className={cn('tabular-nums', item.page === page && 'pointer-events-none')}
                onClick={() => go(item.page)}
                aria-label={`Page ${item.page}`}
                aria-current={item.page === page ? 'page' : undefined}
              >
                {item.page}
              </Button>
            ),
          )}
          <Button variant="outline" size="icon-sm" onClick={() => go(page + 1)} disabled={page >= totalPages} aria-label="Next page">
            <ChevronRight />
          </Button>
          <Button
            variant="outline"
            size="icon-sm"
            className="hidden sm:inline-flex"
            onClick={() => go(totalPages)}
            disabled={page >= totalPages}
            aria-label="Last page"
          >
            <ChevronsRight />
          </Button>
        </nav>
      ) : null}
    </div>
  )
}
