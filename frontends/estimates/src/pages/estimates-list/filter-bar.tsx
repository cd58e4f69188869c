import type { ProjectType } from '@plumbline/contracts'
import { Button, cn, Input, Label, Popover, PopoverContent, PopoverTrigger, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@plumbline/ui'
import { ArrowDownWideNarrow, ArrowUpNarrowWide, Search, SlidersHorizontal, X } from 'lucide-react'
import * as React from 'react'
import { countActiveFilters, type ListState, SORT_OPTIONS, type SortField, STATUS_OPTIONS } from './list-state'

export const SEARCH_PLACEHOLDER = 'Search by project name, client, or address...'
export const SEARCH_DEBOUNCE_MS = 300

/** Local input that writes to the URL 300 ms after the last keystroke, and follows URL changes. */
function SearchInput({ value, onCommit }: { value: string; onCommit: (v: string) => void }) {
  const [text, setText] = React.useState(value)
  const committed = React.useRef(value)
  React.useEffect(() => {
    // Back/forward or a removed badge changed the URL: show it.
    if (value !== committed.current) {
      committed.current = value
      setText(value)
    }
  }, [value])
  React.useEffect(() => {
    if (text === committed.current) return
    const t = setTimeout(() => {
      committed.current = text
      onCommit(text)
    }, SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(t)
  }, [text, onCommit])
  return (
    <div className="relative min-w-0 flex-1">
      <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
      <Input
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={SEARCH_PLACEHOLDER}
        aria-label="Search estimates"
        className="pl-9 pr-9 [&::-webkit-search-cancel-button]:hidden"
        maxLength={200}
      />
      {text ? (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => setText('')}
          className="absolute right-2 top-1/2 -translate-y-1/2 rounded-md p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
        >
          <X className="size-3.5" />
        </button>
      ) : null}
    </div>
  )
}

export function FilterBar({
  state,
  projectTypes,
  onChange,
  onClearAll,
}: {
  state: ListState
  projectTypes: ProjectType[]
  onChange: (patch: Partial<ListState>, opts?: { replace?: boolean }) => void
  onClearAll: () => void
}) {
  const active = countActiveFilters(state)
  const commitSearch = React.useCallback((search: string) => onChange({ search }, { replace: true }), [onChange])
  const typeKnown = state.projectTypeId === 'all' || projectTypes.some((t) => t.id === state.projectTypeId)
  return (
    <search className="flex flex-col gap-3 2xl:flex-row 2xl:items-center" aria-label="Filter estimates">
      <SearchInput value={state.search} onCommit={commitSearch} />
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">
        <Select value={state.status} onValueChange={(status) => onChange({ status })}>
          <SelectTrigger className="text-left sm:w-40 [&>span]:min-w-0 [&>span]:flex-1" aria-label="Filter by status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {STATUS_OPTIONS.map((o) => (
              <SelectItem key={o.value} value={o.value}>
                {o.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={state.projectTypeId} onValueChange={(projectTypeId) => onChange({ projectTypeId })}>
          <SelectTrigger className="text-left sm:w-52 [&>span]:min-w-0 [&>span]:flex-1" aria-label="Filter by project type">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All Types</SelectItem>
            {projectTypes.map((t) => (
              <SelectItem key={t.id} value={t.id}>
                {t.name}
              </SelectItem>
            ))}
            {/* A type from the URL that is not loaded (yet): keep it selectable so the trigger has a label. */}
            {typeKnown ? null : <SelectItem value={state.projectTypeId}>Selected type</SelectItem>}
          </SelectContent>
        </Select>
        <div className="col-span-2 flex gap-2">
          <Select value={state.sortBy} onValueChange={(sortBy) => onChange({ sortBy: sortBy as SortField })}>
            <SelectTrigger className="flex-1 sm:w-40" aria-label="Sort by">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {SORT_OPTIONS.map((o) => (
                <SelectItem key={o.value} value={o.value}>
                  {o.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Button
            variant="outline"
            size="icon"
            className="size-10 shrink-0"
            onClick={() => onChange({ sortOrder: state.sortOrder === 'asc' ? 'desc' : 'asc' })}
            aria-label={state.sortOrder === 'asc' ? 'Sort ascending (switch to descending)' : 'Sort descending (switch to ascending)'}
            title={state.sortOrder === 'asc' ? 'Ascending' : 'Descending'}
            data-sort-order={state.sortOrder}
          >
            {state.sortOrder === 'asc' ? <ArrowUpNarrowWide /> : <ArrowDownWideNarrow />}
          </Button>
          <MorePopover state={state} active={active} onChange={onChange} onClearAll={onClearAll} />
        </div>
      </div>
    </search>
  )
}

function MorePopover({
  state,
  active,
  onChange,
  onClearAll,
}: {
  state: ListState
  active: number
  onChange: (patch: Partial<ListState>) => void
  onClearAll: () => void
}) {
  const [open, setOpen] = React.useState(false)
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="outline" className="h-10 shrink-0 gap-2" aria-label={active ? `More filters (${active} active)` : 'More filters'}>
          <SlidersHorizontal />
          More
          {active ? (
            <span
              data-testid="active-filter-count"
              className="inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-[11px] font-semibold leading-5 text-primary-foreground"
            >
              {active}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-80 space-y-4">
        <div>
          <p className="text-sm font-semibold">More filters</p>
          <p className="text-xs text-muted-foreground">Show estimates created within a date range.</p>
        </div>
        <div className="grid grid-cols-2 gap-3">
          <div className="space-y-1.5">
            <Label htmlFor="filter-start-date">Start date</Label>
            <Input
              id="filter-start-date"
              type="date"
              value={state.startDate}
              max={state.endDate || undefined}
              onChange={(e) => onChange({ startDate: e.target.value })}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="filter-end-date">End date</Label>
            <Input
              id="filter-end-date"
              type="date"
              value={state.endDate}
              min={state.startDate || undefined}
              onChange={(e) => onChange({ endDate: e.target.value })}
            />
          </div>
        </div>
        <Button
          variant="outline"
          className={cn('w-full')}
          disabled={active === 0}
          onClick={() => {
            onClearAll()
            setOpen(false)
          }}
        >
          <X /> Clear All Filters
        </Button>
      </PopoverContent>
    </Popover>
  )
}
