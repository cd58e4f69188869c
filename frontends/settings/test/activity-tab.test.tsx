import type { Activity } from '@plumbline/contracts'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import SettingsPage from '../src/pages/settings'
import { json, mockApi, ORG_ID, renderWithProviders } from './helpers/render'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const PATH = `/api/organizations/${ORG_ID}/activities`
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString()
const entry = (i: number, over: Partial<Activity> = {}): Activity => ({
  id: `a${i}`,
  type: 'estimate_updated',
  action: 'updated estimate',
  target: `Project ${i}`,
  createdAt: minutesAgo(i),
  user: { firstName: 'Robin', lastName: 'Reyes', email: 'robin@example.com' },
  ...over,
})
const open = () => renderWithProviders(<SettingsPage />, { path: '/settings?tab=activity' })
const rows = () => within(screen.getByRole('list', { name: 'Recent activity' })).getAllByRole('listitem')

describe('Activity tab', () => {
  it('shows five skeleton rows while the feed loads, then the entries with icon, actor, action, target and time', async () => {
    let answer: (r: Response) => void = () => {}
    mockApi((url) => (url.pathname === PATH ? new Promise<Response>((r) => (answer = r)) : undefined))
    open()
    expect(await screen.findAllByTestId('activity-skeleton-row')).toHaveLength(5)
    expect(screen.queryByText(/coming soon/)).toBeNull()
    answer(
      json([
        entry(2, { type: 'estimate_created', action: 'created estimate', target: 'Deck' }),
        entry(90, {
          type: 'team_member',
          action: 'joined the team',
          target: 'kim@example.com',
          user: { firstName: null, lastName: null, email: 'kim@example.com' },
        }),
        entry(3000, { type: 'estimate_approved', action: 'approved estimate', target: 'Roof', user: { firstName: null, lastName: null, email: null } }),
      ]),
    )
    await screen.findByRole('list', { name: 'Recent activity' })
    expect(screen.queryByTestId('activity-skeleton-row')).toBeNull()
    expect(rows().map((r) => r.textContent)).toEqual([
      'Robin Reyes created estimate Deck2 minutes ago',
      'kim@example.com joined the team kim@example.com1 hour ago',
      'Someone approved estimate Roof2 days ago',
    ])
    expect(rows().map((r) => r.getAttribute('data-type'))).toEqual(['estimate_created', 'team_member', 'estimate_approved'])
    expect(rows().every((r) => r.querySelector('svg') !== null)).toBe(true)
  })

  it('says "Failed to load activities" and loads again on Retry', async () => {
    let fail = true
    const { calls } = mockApi((url) =>
      url.pathname === PATH ? (fail ? json({ title: 'Service unavailable', status: 503 }, 503) : json([entry(1, { target: 'Back again' })])) : undefined,
    )
    open()
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('Failed to load activities')).toBeTruthy()
    fail = false
    fireEvent.click(within(alert).getByRole('button', { name: /Retry/ }))
    expect(await screen.findByText('Back again')).toBeTruthy()
    expect(calls.filter((c) => c.url.pathname === PATH)).toHaveLength(2)
  })

  it('shows an empty state when nothing happened yet', async () => {
    mockApi((url) => (url.pathname === PATH ? json([]) : undefined))
    open()
    expect(await screen.findByText('No activity yet')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  })

  it('loads the next page on "Load more" until a short page ends the feed', async () => {
    const { calls } = mockApi((url) => {
      if (url.pathname !== PATH) return undefined
      const page = Number(url.searchParams.get('page'))
      return json(page === 1 ? Array.from({ length: 50 }, (_, i) => entry(i)) : [entry(50, { target: 'The oldest' })])
    })
    open()
    await screen.findByRole('list', { name: 'Recent activity' })
    expect(rows()).toHaveLength(50)
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByText('The oldest')).toBeTruthy()
    expect(rows()).toHaveLength(51)
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull())
    expect(calls.filter((c) => c.url.pathname === PATH).map((c) => c.url.search)).toEqual(['?page=1&limit=50', '?page=2&limit=50'])
  })
})
