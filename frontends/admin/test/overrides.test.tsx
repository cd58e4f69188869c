import type { SubscriptionOverrideRow } from '@plumbline/contracts'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import App from '../src/app'
import { OVERRIDE_NUMBER_MESSAGE } from '../src/pages/overrides-page'
import { json, mockApi, renderAt, route } from './helpers/render'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const rowOf = (over: Partial<SubscriptionOverrideRow>): SubscriptionOverrideRow => ({
  organizationId: 'org-a',
  organizationName: 'Acme Builders',
  currentPlan: 'Free',
  estimatesUsed: 3,
  estimatesLimit: 50,
  pdfUsed: 1,
  pdfLimit: 100,
  aiUsed: 7,
  aiLimit: -1,
  overrideEstimatesPerMonth: null,
  overridePdfGenerationsPerMonth: null,
  overrideAiGenerationsPerMonth: null,
  note: null,
  ...over,
})
const ROWS = [rowOf({}), rowOf({ organizationId: 'org-b', organizationName: 'Beam Co', estimatesLimit: 0, overrideEstimatesPerMonth: 0, note: 'Paused' })]

const api = (extra: ReturnType<typeof route>[] = []) =>
  mockApi(
    ...extra,
    route('GET', '/api/admin/check', () => json({ isAdmin: true })),
    route('GET', '/api/admin/subscription-overrides', () => json(ROWS)),
    route('GET', '/api/admin/audit', () =>
      json([
        {
          id: 'a1',
          actorId: 'admin-1',
          actorEmail: 'admin@plumbline.dev',
          action: 'subscription_override.set',
          target: 'org-b',
          before: null,
          after: { estimatesPerMonth: 0 },
          createdAt: '2026-11-24T10:00:00.000Z',
        },
      ]),
    ),
  )
const dialog = () => screen.getByRole('dialog')

describe('Subscription Overrides', () => {
  it('shows each organisation with usage against its limits, the note and the audit log', async () => {
    api()
    renderAt(<App />, '/admin/subscription-overrides')
    const acme = (await screen.findByText('Acme Builders')).closest('tr')!
    expect(within(acme).getByText('3 / 50')).toBeTruthy()
    expect(within(acme).getByText('7 / Unlimited')).toBeTruthy()
    expect(within(acme).queryByRole('button', { name: /Remove override/ })).toBeNull()
    const beam = screen.getByText('Beam Co').closest('tr')!
    expect(within(beam).getByText('3 / 0')).toBeTruthy()
    expect(within(beam).getByText('Paused')).toBeTruthy()
    expect(within(beam).getByText('Override')).toBeTruthy()
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent)
    expect(headers).toEqual(['Organization', 'Current Plan', 'Estimates', 'PDF', 'AI', 'Note', 'Actions'])
    // The audit log is its own chunk: it may arrive after the table.
    expect(await screen.findByText('Set subscription override')).toBeTruthy()
    expect(screen.getByText('by admin@plumbline.dev')).toBeTruthy()
  })

  it('sends only the filled limits and a null note; refuses numbers below 0', async () => {
    const calls = api([route('PUT', '/api/admin/subscription-overrides/org-a', () => json({ message: 'Override saved' }))])
    renderAt(<App />, '/admin/subscription-overrides')
    fireEvent.click(await screen.findByRole('button', { name: 'Edit override of Acme Builders' }))
    fireEvent.change(within(dialog()).getByLabelText('Estimates per month'), { target: { value: '-1' } })
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save Override' }))
    expect(await within(dialog()).findByText(OVERRIDE_NUMBER_MESSAGE)).toBeTruthy()
    expect(calls.some((c) => c.method === 'PUT')).toBe(false)
    fireEvent.change(within(dialog()).getByLabelText('Estimates per month'), { target: { value: '0' } })
    fireEvent.change(within(dialog()).getByLabelText('AI generations per month'), { target: { value: '25' } })
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save Override' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true))
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ estimatesPerMonth: 0, aiGenerationsPerMonth: 25, note: null })
    expect(await screen.findByText('Override saved')).toBeTruthy()
  })

  it('removes an override after the confirmation, and names a failure Delete Failed', async () => {
    const calls = api([route('DELETE', '/api/admin/subscription-overrides/org-b', () => json({ message: 'Subscription override not found' }, 404))])
    renderAt(<App />, '/admin/subscription-overrides')
    fireEvent.click(await screen.findByRole('button', { name: 'Remove override of Beam Co' }))
    expect(within(dialog()).getByText(/Remove the override of Beam Co\?/)).toBeTruthy()
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Remove' }))
    expect(await screen.findByText('Delete Failed')).toBeTruthy()
    expect(screen.getByText('Subscription override not found')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1)
  })
})
