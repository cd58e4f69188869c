import type { ProjectType } from '@plumbline/contracts'
import { X } from 'lucide-react'
import { formatDate } from '../../components/format/format'
import { type ListState, STATUS_OPTIONS } from './list-state'

type Chip = { key: string; label: string; remove: Partial<ListState> }

/** The removable badges for the active filters. */
export function activeFilterChips(state: ListState, projectTypes: ProjectType[]): Chip[] {
  const chips: Chip[] = []
  if (state.search.trim()) chips.push({ key: 'search', label: `Search: "${state.search.trim()}"`, remove: { search: '' } })
  if (state.status !== 'all') {
    const label = STATUS_OPTIONS.find((o) => o.value === state.status)?.label ?? state.status
    chips.push({ key: 'status', label: `Status: ${label}`, remove: { status: 'all' } })
  }
  if (state.projectTypeId !== 'all') {
    const name = projectTypes.find((t) => t.id === state.projectTypeId)?.name ?? 'Selected type'
    chips.push({ key: 'type', label: `Type: ${name}`, remove: { projectTypeId: 'all' } })
  }
  if (state.startDate || state.endDate) {
    // Dates are calendar days: format them at noon UTC so no timezone shifts the day.
    const d = (v: string) => formatDate(`${v}T12:00:00Z`)
    const label =
      state.startDate && state.endDate
        ? `${d(state.startDate)} – ${d(state.endDate)}`
        : state.startDate
          ? `From ${d(state.startDate)}`
          : `Until ${d(state.endDate)}`
    chips.push({ key: 'dates', label: `Dates: ${label}`, remove: { startDate: '', endDate: '' } })
  }
  return chips
}

export function FilterBadges({
  state,
  projectTypes,
  onRemove,
  onClearAll,
}: {
  state: ListState
  projectTypes: ProjectType[]
  onRemove: (patch: Partial<ListState>) => void
  onClearAll: () => void
}) {
  const chips = activeFilterChips(state, projectTypes)
  if (chips.length === 0) return null
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label="Active filters">
      {chips.map((c) => (
        <li key={c.key}>
          <span className="inline-flex max-w-[18rem] items-center gap-1 rounded-full border bg-card py-0.5 pl-2.5 pr-1 text-xs font-medium shadow-xs">
            <span className="truncate">{c.label}</span>
            <button
              type="button"
              onClick={() => onRemove(c.remove)}
              aria-label={`Remove filter ${c.label}`}
              className="rounded-full p-0.5 text-muted-foreground hover:bg-accent hover:text-foreground"
            >
              <X className="size-3.5" />
            </button>
          </span>
        </li>
      ))}
      {chips.length > 1 ? (
        <li>
          <button type="button" onClick={onClearAll} className="text-xs font-medium text-primary underline-offset-4 hover:underline">
            Clear all
          </button>
        </li>
      ) : null}
    </ul>
  )
}
