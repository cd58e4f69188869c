import { localIsoDate, type Notification, type NotificationList } from '@plumbline/contracts'
import { createQueryClient } from '@plumbline/web'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NotificationBell } from './notification-bell'

// The bell's states against a stubbed network (the server side is tested in services/admin and
// the whole path in test/e2e/notifications.e2e.test.ts).

const ORG = 'org-1'
const BASE = `/api/organizations/${ORG}/notifications`
const USER = { id: 'u1', email: 'a@example.com', firstName: 'A', lastName: 'B', systemRole: 'user', organizations: [{ id: ORG, name: 'Org', role: 'owner' }] }

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const note = (over: Partial<Notification> = {}): Notification => ({
  id: '0190a0a0-0000-7000-8000-000000000001',
  kind: 'estimate_approved',
  title: 'Estimate approved',
  body: 'Casey approved “Kitchen”.',
  link: '/estimates/e-1',
  readAt: null,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  ...over,
})

type Call = { method: string; path: string; body: unknown }
/** Answers the bell's requests from `list` (a function, so a test may change what the next GET sees). */
function api(list: () => NotificationList | Response) {
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost')
      const method = (init.method ?? 'GET').toUpperCase()
      calls.push({ method, path: url.pathname, body: init.body ? JSON.parse(String(init.body)) : undefined })
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })
      if (method === 'GET' && url.pathname === BASE) {
        const answer = list()
        return answer instanceof Response ? answer : json(answer)
      }
      if (method === 'POST' && url.pathname === `${BASE}/due-today`) return json({ created: 0 })
      if (method === 'POST' && url.pathname === `${BASE}/read-all`) return json({ updated: 1, unreadCount: 0 })
      if (method === 'POST' && url.pathname.endsWith('/read')) return json(note({ readAt: new Date().toISOString() }))
      return new Response('no handler', { status: 404 })
    }),
  )
  return calls
}

let location = ''
function LocationProbe() {
  const loc = useLocation()
  location = loc.pathname
  return null
}

function renderBell() {
  const client = createQueryClient()
  client.setQueryData(['/api/user'], USER)
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="*" element={<NotificationBell />} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const list = (notifications: Notification[], unreadCount = notifications.filter((n) => !n.readAt).length): NotificationList => ({
  notifications,
  unreadCount,
  nextBefore: null,
})

describe('NotificationBell', () => {
  it('shows no dot and "all caught up" when nothing is there, and reports the local date once', async () => {
    const calls = api(() => list([]))
    renderBell()
    const bell = await screen.findByRole('button', { name: 'Notifications' })
    await waitFor(() => expect(calls.some((c) => c.path === `${BASE}/due-today`)).toBe(true))
    expect(screen.queryByTestId('notifications-dot')).toBeNull()
    fireEvent.click(bell)
    expect(await screen.findByText('You’re all caught up')).toBeTruthy()
    expect((screen.getByRole('button', { name: /Mark all read/ }) as HTMLButtonElement).disabled).toBe(true)
    expect(calls.filter((c) => c.path === `${BASE}/due-today`).map((c) => c.body)).toEqual([{ today: localIsoDate() }])
  })

  it('shows the dot while something is unread; opening one marks it read and goes to its screen', async () => {
    const unread = note()
    const read = note({
      id: '0190a0a0-0000-7000-8000-000000000002',
      kind: 'task_due',
      title: 'Task due today',
      body: '“Tiles” is due today.',
      link: '/tasks',
      readAt: new Date().toISOString(),
    })
    let current = list([unread, read])
    const calls = api(() => current)
    renderBell()
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' })
    expect(screen.getByTestId('notifications-dot')).toBeTruthy()
    fireEvent.click(bell)
    const items = within(await screen.findByRole('list', { name: 'Notifications' })).getAllByRole('listitem')
    expect(items.map((li) => li.getAttribute('data-unread'))).toEqual(['true', 'false'])
    expect(within(items[0]!).getByText('Casey approved “Kitchen”.')).toBeTruthy()
    expect(within(items[0]!).getByText('5 minutes ago')).toBeTruthy()
    // What the server answers once it has marked it read.
    current = list([{ ...unread, readAt: new Date().toISOString() }, read])
    fireEvent.click(within(items[0]!).getByRole('button'))
    await waitFor(() => expect(location).toBe('/estimates/e-1'))
    expect(calls.some((c) => c.method === 'POST' && c.path === `${BASE}/${unread.id}/read`)).toBe(true)
    await waitFor(() => expect(screen.queryByTestId('notifications-dot')).toBeNull())
  })

  it('marks all read up to the newest shown', async () => {
    const shown = note()
    let current = list([shown])
    const calls = api(() => current)
    renderBell()
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }))
    await screen.findByText('1 unread')
    current = list([{ ...shown, readAt: new Date().toISOString() }])
    fireEvent.click(screen.getByRole('button', { name: /Mark all read/ }))
    await screen.findByText('No unread notifications')
    expect(calls.find((c) => c.path === `${BASE}/read-all`)?.body).toEqual({ upTo: shown.createdAt })
    expect(screen.queryByTestId('notifications-dot')).toBeNull()
  })

  it('says so when the feed cannot load, and Retry tries again', async () => {
    let fail = true
    api(() => (fail ? new Response('{"detail":"down"}', { status: 503 }) : list([note()])))
    renderBell()
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }))
    expect(await screen.findByText('Failed to load notifications')).toBeTruthy()
    fail = false
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }))
    expect(await screen.findByText('Casey approved “Kitchen”.')).toBeTruthy()
    expect(screen.getByTestId('notifications-dot')).toBeTruthy()
  })
})
