import type { Estimate, EstimateRevision, RevisionDiffResult } from '@plumbline/contracts'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, mockApi, ORG_ID, renderWithProviders } from '../../../../test/helpers/render'
import { DetailProvider } from '../detail-context'
import { RevisionsCard } from './revisions-card'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const LIST = `/api/organizations/${ORG_ID}/estimates/est-1/revisions`
const DIFF = `${LIST}/diff`

const sent: EstimateRevision = {
  id: 'r1',
  number: 1,
  reason: 'sent',
  actorId: 'u1',
  actorEmail: 'demo@plumbline.dev',
  createdAt: '2026-11-20T10:00:00.000Z',
  totalCost: '10000.00',
  grandTotal: '2347.00',
}
const viewed: EstimateRevision = {
  ...sent,
  id: 'r2',
  number: 2,
  reason: 'viewed',
  actorId: null,
  actorEmail: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  grandTotal: '3379.68',
}

const diffOf = (from: EstimateRevision, to: EstimateRevision): RevisionDiffResult => ({
  from,
  to,
  diff: {
    changed: true,
    details: [],
    sections: [],
    contentSections: [],
    phases: [],
    totals: { totalCost: { before: '10000.00', after: '10000.00' }, grandTotal: { before: from.grandTotal, after: to.grandTotal }, changed: true },
  },
})

function renderCard(clientView = false) {
  return renderWithProviders(
    <DetailProvider
      value={{
        orgId: ORG_ID,
        estimateId: 'est-1',
        estimate: { id: 'est-1', projectName: 'Roof', clientName: 'Jordan Smith' } as Estimate,
        settings: undefined,
        clientView,
        locked: false,
        readonly: clientView,
      }}
    >
      <RevisionsCard />
    </DetailProvider>,
  )
}

describe('RevisionsCard', () => {
  it('says when there are no revisions yet, and is hidden in Client View', async () => {
    mockApi((url) => (url.pathname === LIST ? json([]) : undefined))
    renderCard()
    expect((await screen.findByTestId('revisions-empty')).textContent).toContain('No revisions yet')
    expect(screen.queryByRole('button', { name: 'Compare' })).toBeNull()
    cleanup()
    renderCard(true)
    expect(screen.queryByTestId('revisions-card')).toBeNull()
  })

  it('lists revisions newest first with who and when, and compares any two', async () => {
    const { calls } = mockApi((url) => {
      if (url.pathname === LIST) return json([viewed, sent])
      if (url.pathname === DIFF) {
        const [from, to] = [url.searchParams.get('from'), url.searchParams.get('to')].map((id) => (id === 'r1' ? sent : viewed))
        return json(diffOf(from!, to!))
      }
      return undefined
    })
    renderCard()
    const rows = await screen.findAllByTestId('revision')
    expect(rows.map((r) => r.dataset.reason)).toEqual(['viewed', 'sent'])
    expect(rows[0]!.textContent).toContain('Revision 2')
    expect(rows[0]!.textContent).toContain('Client view')
    expect(rows[0]!.textContent).toContain('$3,379.68')
    expect(rows[1]!.textContent).toContain('Sent by demo@plumbline.dev')

    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'What changed since revision 1' }))
    const dialog = await screen.findByTestId('revision-compare')
    const grand = await within(dialog).findByTestId('changed-grandTotal')
    expect(grand.textContent).toContain('$2,347.00')
    expect(grand.textContent).toContain('$3,379.68')
    expect(calls.find((c) => c.url.pathname === DIFF)!.url.search).toBe('?from=r1&to=r2')

    // The other way round.
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: 'r2' } })
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: 'r1' } })
    await within(dialog).findByText((_, el) => el?.getAttribute('data-testid') === 'before' && el.textContent === '$3,379.68')
    expect(calls.filter((c) => c.url.pathname === DIFF).map((c) => c.url.search)).toContain('?from=r2&to=r1')
  })

  it('says when the list or a comparison cannot be loaded, and retries', async () => {
    let failList = true
    let failDiff = true
    mockApi((url) => {
      if (url.pathname === LIST) return failList ? json({ title: 'Service Unavailable' }, 503) : json([viewed, sent])
      if (url.pathname === DIFF) return failDiff ? json({ title: 'Service Unavailable' }, 503) : json(diffOf(sent, viewed))
      return undefined
    })
    renderCard()
    expect(await screen.findByText('Revisions could not be loaded.')).toBeTruthy()
    failList = false
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Compare' }))
    const dialog = await screen.findByTestId('revision-compare')
    expect(await within(dialog).findByText('The changes could not be loaded.')).toBeTruthy()
    failDiff = false
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry' }))
    expect(await within(dialog).findByTestId('changed-grandTotal')).toBeTruthy()
  })
})
