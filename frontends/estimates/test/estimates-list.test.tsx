import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import EstimatesListPage from '../src/pages/estimates-list'
import { catalogues, currentLocation, json, mockApi, ORG_ID, renderWithProviders } from './helpers/render'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const item = (i: number, extra: Record<string, unknown> = {}) => ({
  id: `e${i}`,
  projectName: `Project ${i}`,
  clientName: `Client ${i}`,
  propertyAddress: `${i} Oak St`,
  updatedAt: '2025-03-04T12:00:00Z',
  createdAt: '2025-03-01T12:00:00Z',
  totalCost: '1234.5',
  status: 'draft',
  aiSummary: null,
  shareToken: null,
  projectTypeId: 'pt-roof',
  ...extra,
})

function listApi(respond: (url: URL) => Response | undefined) {
  return mockApi(catalogues, (url, init) =>
    (init.method ?? 'GET') === 'GET' && url.pathname === `/api/organizations/${ORG_ID}/estimates` ? respond(url) : undefined,
  )
}

const render = (path = '/cost-estimator') => renderWithProviders(<EstimatesListPage />, { path })

describe('Estimates list', () => {
  it('shows the headings, the cards and the showing line', async () => {
    listApi(() =>
      json({
        estimates: [item(1, { status: 'approved', aiSummary: 'A'.repeat(200) }), item(2, { totalCost: null, status: 'weird' })],
        total: 2,
        totalPages: 1,
      }),
    )
    render()
    expect(screen.getByRole('heading', { name: 'Cost Estimator' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Estimates' })).toBeTruthy()
    expect(screen.getByText('Manage your construction cost estimates')).toBeTruthy()
    expect(screen.getByPlaceholderText('Search by project name, client, or address...')).toBeTruthy()
    const cards = await screen.findAllByRole('listitem')
    expect(screen.getByTestId('showing-text').textContent).toBe('Showing 1-2 of 2 estimates')
    const first = within(screen.getByRole('list', { name: 'Estimates' })).getAllByRole('listitem')[0]!
    expect(within(first).getByRole('link', { name: 'Project 1' }).getAttribute('href')).toBe('/estimates/e1')
    expect(within(first).getByText('Client 1')).toBeTruthy()
    expect(within(first).getByText('1 Oak St')).toBeTruthy()
    expect(within(first).getByText('Updated Mar 4, 2025')).toBeTruthy()
    expect(within(first).getByTestId('estimate-total').textContent).toBe('$1,234.50')
    expect(within(first).getByText('Approved')).toBeTruthy()
    expect(within(first).getByTestId('ai-summary').textContent!.length).toBeLessThanOrEqual(151)
    const second = within(screen.getByRole('list', { name: 'Estimates' })).getAllByRole('listitem')[1]!
    expect(within(second).getByTestId('estimate-total').textContent).toBe('Draft')
    // Unknown status styled (and labelled) as draft.
    expect(second.querySelector('[data-status]')!.getAttribute('data-status')).toBe('draft')
    expect(cards.length).toBeGreaterThan(0)
    // One page: no page buttons, but the results line and page size.
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull()
    expect(screen.getByTestId('results-text').textContent).toBe('Showing 1-2 of 2 results')
  })

  it('restores filters from the URL and sends them to the list call', async () => {
    const { calls } = listApi(() => json({ estimates: [item(21)], total: 45, totalPages: 3 }))
    render('/cost-estimator?page=2&search=oak&status=shared&projectTypeId=pt-roof&sortBy=totalCost&sortOrder=asc&startDate=2025-01-01&endDate=2025-01-31')
    await screen.findByText('Project 21')
    const call = calls.find((c) => c.url.pathname.endsWith('/estimates'))!
    expect(Object.fromEntries(call.url.searchParams)).toEqual({
      page: '2',
      limit: '20',
      sortBy: 'totalCost',
      sortOrder: 'asc',
      search: 'oak',
      status: 'shared',
      projectTypeId: 'pt-roof',
      startDate: '2025-01-01',
      endDate: '2025-01-31',
    })
    expect((screen.getByPlaceholderText('Search by project name, client, or address...') as HTMLInputElement).value).toBe('oak')
    expect(screen.getByTestId('active-filter-count').textContent).toBe('4')
    const badges = screen.getByRole('list', { name: 'Active filters' })
    expect(within(badges).getByText('Search: "oak"')).toBeTruthy()
    expect(within(badges).getByText('Status: Shared')).toBeTruthy()
    expect(await within(badges).findByText('Type: Roof Replacement')).toBeTruthy()
    expect(screen.getByTestId('showing-text').textContent).toBe('Showing 21-40 of 45 estimates')
    const nav = screen.getByRole('navigation', { name: 'Pagination' })
    expect(within(nav).getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page')
    // Removing a badge updates the URL and goes back to page 1.
    fireEvent.click(within(badges).getByRole('button', { name: 'Remove filter Status: Shared' }))
    await waitFor(() =>
      expect(currentLocation()).toBe('/cost-estimator?search=oak&projectTypeId=pt-roof&sortBy=totalCost&sortOrder=asc&startDate=2025-01-01&endDate=2025-01-31'),
    )
  })

  it('pages, toggles the sort order and keeps defaults out of the URL', async () => {
    listApi((url) => json({ estimates: [item(Number(url.searchParams.get('page')))], total: 60, totalPages: 3 }))
    render()
    await screen.findByText('Project 1')
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }))
    await waitFor(() => expect(currentLocation()).toBe('/cost-estimator?page=2'))
    await screen.findByText('Project 2')
    fireEvent.click(screen.getByRole('button', { name: /Sort descending/ }))
    await waitFor(() => expect(currentLocation()).toBe('/cost-estimator?sortOrder=asc'))
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }))
    await waitFor(() => expect(currentLocation()).toBe('/cost-estimator?page=3&sortOrder=asc'))
  })

  it('debounces the search by 300 ms before it reaches the URL', async () => {
    listApi(() => json({ estimates: [item(1)], total: 50, totalPages: 3 }))
    render('/cost-estimator?page=2')
    await screen.findByText('Project 1')
    const box = screen.getByPlaceholderText('Search by project name, client, or address...')
    fireEvent.change(box, { target: { value: 'ma' } })
    fireEvent.change(box, { target: { value: 'maple' } })
    await new Promise((r) => setTimeout(r, 150))
    expect(currentLocation()).toBe('/cost-estimator?page=2')
    await waitFor(() => expect(currentLocation()).toBe('/cost-estimator?search=maple'), { timeout: 1000 })
  })

  it('opens the create dialog for ?new=1 and removes the flag', async () => {
    listApi(() => json({ estimates: [], total: 0, totalPages: 0 }))
    render('/cost-estimator?new=1&status=draft')
    expect(await screen.findByRole('heading', { name: 'Create New Estimate' })).toBeTruthy()
    await waitFor(() => expect(currentLocation()).toBe('/cost-estimator?status=draft'))
  })

  it('invites to create the first estimate when there are none', async () => {
    listApi(() => json({ estimates: [], total: 0, totalPages: 0 }))
    render()
    expect(await screen.findByText('No estimates yet')).toBeTruthy()
    expect(screen.getAllByRole('link', { name: /Use step-by-step wizard/ })[0]!.getAttribute('href')).toBe('/estimate-wizard-step1')
    fireEvent.click(screen.getByRole('button', { name: /Create your first estimate/ }))
    expect(await screen.findByRole('heading', { name: 'Create New Estimate' })).toBeTruthy()
  })

  it('says when nothing matches the filters, with Clear', async () => {
    listApi(() => json({ estimates: [], total: 0, totalPages: 0 }))
    render('/cost-estimator?search=zzz&limit=50')
    expect(await screen.findByText('No estimates match your filters')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(currentLocation()).toBe('/cost-estimator?limit=50'))
  })

  it('shows the load error with Retry', async () => {
    let fail = true
    listApi(() => (fail ? new Response('oops', { status: 500 }) : json({ estimates: [item(5)], total: 1, totalPages: 1 })))
    render()
    expect(await screen.findByText('Failed to load estimates. Please try again.')).toBeTruthy()
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('Project 5')).toBeTruthy()
  })

  it('moves to the last page when the URL points past the end', async () => {
    listApi((url) => json({ estimates: url.searchParams.get('page') === '2' ? [item(2)] : [], total: 25, totalPages: 2 }))
    render('/cost-estimator?page=9')
    await waitFor(() => expect(currentLocation()).toBe('/cost-estimator?page=2'))
    expect(await screen.findByText('Project 2')).toBeTruthy()
  })
})
