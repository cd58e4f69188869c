import { ESTIMATE_SORT_FIELDS, ESTIMATE_STATUSES, PAGE_SIZES } from '@plumbline/contracts/estimate-list-options'

export type SortField = (typeof ESTIMATE_SORT_FIELDS)[number]
export type SortOrder = 'asc' | 'desc'
export type PageSize = (typeof PAGE_SIZES)[number]

/** Everything the list screen keeps in its query string (spec 000 §2, §9). */
export type ListState = {
  page: number
  limit: PageSize
  search: string
  status: string
  projectTypeId: string
  sortBy: SortField
  sortOrder: SortOrder
  /** YYYY-MM-DD or '' */
  startDate: string
  endDate: string
}

export const DEFAULT_PAGE_SIZE: PageSize = 20
/** Spec 000 §9: search empty, status all, project type all, sort updatedAt descending, no dates. */
export const DEFAULT_LIST_STATE: ListState = {
  page: 1,
  limit: DEFAULT_PAGE_SIZE,
  search: '',
  status: 'all',
  projectTypeId: 'all',
  sortBy: 'updatedAt',
  sortOrder: 'desc',
  startDate: '',
  endDate: '',
}

/**
 * The status filter. The spec lists All Statuses, Draft, Shared, Approved and Rejected; Pending
 * (set by hand) and Viewed (the client opened the link) are statuses estimates really take, so
 * they are offered too: without them those estimates could not be found by status.
 */
export const STATUS_OPTIONS: { value: string; label: string }[] = [
  { value: 'all', label: 'All Statuses' },
  { value: 'draft', label: 'Draft' },
  { value: 'pending', label: 'Pending' },
  { value: 'shared', label: 'Shared' },
  { value: 'viewed', label: 'Viewed' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
]

export const SORT_OPTIONS: { value: SortField; label: string }[] = [
  { value: 'updatedAt', label: 'Last Updated' },
  { value: 'createdAt', label: 'Date Created' },
  { value: 'totalCost', label: 'Total Cost' },
  { value: 'projectName', label: 'Project Name' },
  { value: 'clientName', label: 'Client Name' },
]

const DATE = /^(\d{4})-(\d{2})-(\d{2})/

/** Keeps the date part of a YYYY-MM-DD[...] value when it is a real calendar date, else ''. */
export function toDateOnly(value: string | null | undefined): string {
  const m = DATE.exec((value ?? '').trim())
  if (!m) return ''
  const [, y, mo, d] = m
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)))
  if (date.getUTCFullYear() !== Number(y) || date.getUTCMonth() !== Number(mo) - 1 || date.getUTCDate() !== Number(d)) return ''
  return `${y}-${mo}-${d}`
}

/** Reads the list state from a query string; anything invalid falls back to its default. */
export function parseListState(params: URLSearchParams): ListState {
  const s = { ...DEFAULT_LIST_STATE }
  const page = Number(params.get('page'))
  if (Number.isInteger(page) && page >= 1 && page <= 100_000) s.page = page
  const limit = Number(params.get('limit'))
  if ((PAGE_SIZES as readonly number[]).includes(limit)) s.limit = limit as PageSize
  s.search = (params.get('search') ?? '').slice(0, 200)
  const status = params.get('status') ?? ''
  if ((ESTIMATE_STATUSES as readonly string[]).includes(status)) s.status = status
  const type = (params.get('projectTypeId') ?? '').trim()
  if (type && type.length <= 64) s.projectTypeId = type
  const sortBy = params.get('sortBy') ?? ''
  if ((ESTIMATE_SORT_FIELDS as readonly string[]).includes(sortBy)) s.sortBy = sortBy as SortField
  const order = params.get('sortOrder')
  if (order === 'asc' || order === 'desc') s.sortOrder = order
  s.startDate = toDateOnly(params.get('startDate'))
  s.endDate = toDateOnly(params.get('endDate'))
  return s
}

/** Writes the list state as a query string, omitting every default (page 1, limit 20, …). */
export function serializeListState(state: ListState): URLSearchParams {
  const p = new URLSearchParams()
  const d = DEFAULT_LIST_STATE
  if (state.page !== d.page) p.set('page', String(state.page))
  if (state.limit !== d.limit) p.set('limit', String(state.limit))
  if (state.search.trim()) p.set('search', state.search)
  if (state.status !== d.status) p.set('status', state.status)
  if (state.projectTypeId !== d.projectTypeId) p.set('projectTypeId', state.projectTypeId)
  if (state.sortBy !== d.sortBy) p.set('sortBy', state.sortBy)
  if (state.sortOrder !== d.sortOrder) p.set('sortOrder', state.sortOrder)
  const start = toDateOnly(state.startDate)
  const end = toDateOnly(state.endDate)
  if (start) p.set('startDate', start)
  if (end) p.set('endDate', end)
  return p
}

/**
 * Applies a change. Any change other than the page itself starts again from page 1 (page 3 of
 * the old filter means nothing under the new one).
 */
export function applyListPatch(state: ListState, patch: Partial<ListState>): ListState {
  const next = { ...state, ...patch }
  if (!('page' in patch)) next.page = 1
  return next
}

/** The More button's badge: search, status, type, and the date range counted once. */
export function countActiveFilters(state: ListState): number {
  let n = 0
  if (state.search.trim()) n++
  if (state.status !== 'all') n++
  if (state.projectTypeId !== 'all') n++
  if (state.startDate || state.endDate) n++
  return n
}

/** Clear All Filters: search, status, type and dates; sorting and page size stay. */
export function clearFilters(state: ListState): ListState {
  return { ...state, page: 1, search: '', status: 'all', projectTypeId: 'all', startDate: '', endDate: '' }
}

/** The list call's query (spec 000 §7); 'all' and empty values are left out. */
export function toApiQuery(state: ListState): Record<string, string | number | undefined> {
  return {
    page: state.page,
    limit: state.limit,
    sortBy: state.sortBy,
    sortOrder: state.sortOrder,
    search: state.search.trim() || undefined,
    status: state.status !== 'all' ? state.status : undefined,
    projectTypeId: state.projectTypeId !== 'all' ? state.projectTypeId : undefined,
    startDate: state.startDate || undefined,
    endDate: state.endDate || undefined,
  }
}
