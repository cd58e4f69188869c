import { describe, expect, it } from 'vitest'
import { activeFilterChips } from '../src/pages/estimates-list/filter-badges'
import {
  applyListPatch,
  clearFilters,
  countActiveFilters,
  DEFAULT_LIST_STATE,
  parseListState,
  SORT_OPTIONS,
  STATUS_OPTIONS,
  serializeListState,
  toApiQuery,
  toDateOnly,
} from '../src/pages/estimates-list/list-state'

const parse = (qs: string) => parseListState(new URLSearchParams(qs))
const ser = (patch: Partial<typeof DEFAULT_LIST_STATE>) => serializeListState({ ...DEFAULT_LIST_STATE, ...patch }).toString()

describe('list URL state', () => {
  it('omits every default', () => {
    expect(ser({})).toBe('')
    expect(ser({ page: 1, limit: 20, status: 'all', projectTypeId: 'all', sortBy: 'updatedAt', sortOrder: 'desc' })).toBe('')
  })
  it('writes non-defaults, dates as YYYY-MM-DD', () => {
    expect(
      ser({
        page: 3,
        limit: 50,
        search: 'oak st',
        status: 'draft',
        projectTypeId: 'pt-1',
        sortBy: 'totalCost',
        sortOrder: 'asc',
        startDate: '2025-01-01',
        endDate: '2025-01-31',
      }),
    ).toBe('page=3&limit=50&search=oak+st&status=draft&projectTypeId=pt-1&sortBy=totalCost&sortOrder=asc&startDate=2025-01-01&endDate=2025-01-31')
  })
  it('round-trips through the query string', () => {
    const state = {
      ...DEFAULT_LIST_STATE,
      page: 2,
      limit: 10 as const,
      search: 'Smith',
      status: 'approved',
      sortBy: 'clientName' as const,
      sortOrder: 'asc' as const,
      endDate: '2025-06-30',
    }
    expect(parseListState(serializeListState(state))).toEqual(state)
  })
  it('restores defaults from an empty query', () => {
    expect(parse('')).toEqual(DEFAULT_LIST_STATE)
  })
  it('ignores invalid values', () => {
    expect(parse('page=0&limit=25&status=bogus&sortBy=hack&sortOrder=up&startDate=2025-02-30&endDate=yesterday')).toEqual(DEFAULT_LIST_STATE)
    expect(parse('page=2.5').page).toBe(1)
  })
  it('keeps only the date part of a timestamp', () => {
    expect(parse('startDate=2025-03-04T10:00:00Z').startDate).toBe('2025-03-04')
    expect(toDateOnly('2024-02-29')).toBe('2024-02-29')
    expect(toDateOnly('2023-02-29')).toBe('')
  })
  it('accepts the pending and viewed statuses', () => {
    expect(parse('status=pending').status).toBe('pending')
    expect(parse('status=viewed').status).toBe('viewed')
  })
})

describe('filter changes', () => {
  it('go back to page 1, except a page change', () => {
    const s = { ...DEFAULT_LIST_STATE, page: 4 }
    expect(applyListPatch(s, { status: 'shared' }).page).toBe(1)
    expect(applyListPatch(s, { limit: 50 }).page).toBe(1)
    expect(applyListPatch(s, { page: 5 }).page).toBe(5)
  })
  it('Clear All Filters keeps sorting and page size', () => {
    const s = {
      ...DEFAULT_LIST_STATE,
      page: 3,
      limit: 50 as const,
      search: 'x',
      status: 'draft',
      projectTypeId: 'p',
      startDate: '2025-01-01',
      sortBy: 'projectName' as const,
    }
    expect(clearFilters(s)).toEqual({ ...DEFAULT_LIST_STATE, limit: 50, sortBy: 'projectName' })
  })
})

describe('active filter count (the More badge)', () => {
  it('counts search, status, type and the date range once', () => {
    expect(countActiveFilters(DEFAULT_LIST_STATE)).toBe(0)
    expect(countActiveFilters({ ...DEFAULT_LIST_STATE, search: 'a' })).toBe(1)
    expect(countActiveFilters({ ...DEFAULT_LIST_STATE, search: '   ' })).toBe(0)
    expect(countActiveFilters({ ...DEFAULT_LIST_STATE, status: 'draft', projectTypeId: 't' })).toBe(2)
    expect(countActiveFilters({ ...DEFAULT_LIST_STATE, startDate: '2025-01-01', endDate: '2025-02-01' })).toBe(1)
    expect(countActiveFilters({ ...DEFAULT_LIST_STATE, endDate: '2025-02-01' })).toBe(1)
    expect(
      countActiveFilters({ ...DEFAULT_LIST_STATE, search: 's', status: 'draft', projectTypeId: 't', startDate: '2025-01-01', endDate: '2025-02-01' }),
    ).toBe(4)
  })
  it('does not count sorting or paging', () => {
    expect(countActiveFilters({ ...DEFAULT_LIST_STATE, sortBy: 'totalCost', sortOrder: 'asc', page: 3, limit: 100 })).toBe(0)
  })
})

describe('removable badges', () => {
  it('name each active filter and how to remove it', () => {
    const chips = activeFilterChips({ ...DEFAULT_LIST_STATE, search: 'oak', status: 'shared', projectTypeId: 'pt-1', startDate: '2025-01-05' }, [
      { id: 'pt-1', name: 'Roofing', description: null, icon: 'home', isSystemTemplate: true, phaseGroups: [] },
    ])
    expect(chips.map((c) => c.label)).toEqual(['Search: "oak"', 'Status: Shared', 'Type: Roofing', 'Dates: From Jan 5, 2025'])
    expect(chips[3]!.remove).toEqual({ startDate: '', endDate: '' })
  })
})

describe('list call query', () => {
  it("leaves out 'all' and empty values", () => {
    expect(toApiQuery(DEFAULT_LIST_STATE)).toEqual({
      page: 1,
      limit: 20,
      sortBy: 'updatedAt',
      sortOrder: 'desc',
      search: undefined,
      status: undefined,
      projectTypeId: undefined,
      startDate: undefined,
      endDate: undefined,
    })
    expect(toApiQuery({ ...DEFAULT_LIST_STATE, search: ' a ', status: 'draft' })).toMatchObject({ search: 'a', status: 'draft' })
  })
})

describe('options', () => {
  it('carry the spec labels', () => {
    expect(STATUS_OPTIONS.map((o) => o.label)).toEqual(['All Statuses', 'Draft', 'Pending', 'Shared', 'Viewed', 'Approved', 'Rejected'])
    expect(SORT_OPTIONS.map((o) => [o.value, o.label])).toEqual([
      ['updatedAt', 'Last Updated'],
      ['createdAt', 'Date Created'],
      ['totalCost', 'Total Cost'],
      ['projectName', 'Project Name'],
      ['clientName', 'Client Name'],
    ])
  })
})
