import type { PublicEstimate } from '@plumbline/contracts'
import { createQueryClient } from '@plumbline/web'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SharedEstimatePage } from './shared-estimate-page'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const estimate: PublicEstimate = {
  id: 'e1',
  projectName: 'Kitchen Remodel',
  clientName: 'Jordan Smith',
  propertyAddress: '123 Main St',
  squareFootage: 2000,
  totalCost: '100000.00',
  status: 'shared',
  projectType: 'Remodeling',
  updatedAt: '2026-11-20T10:00:00.000Z',
  contentSections: [{ type: 'executive_summary', title: 'Executive Summary', content: 'A complete **kitchen** remodel.\n\n- Cabinets\n- Counters' }],
  phases: [{ id: 'p1', name: 'Demolition', description: null, amount: '10000.00', percentage: '10.00' }],
  sections: null,
  varianceRangePercentage: '10.00',
  companyName: 'Demo Construction Co.',
  companyLogo: null,
  approval: null,
  snapshotSha256: 'a'.repeat(64),
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** The page's reads: the estimate, and its (empty unless given) thread. */
const pageReads =
  (page: PublicEstimate, thread: unknown[] = []) =>
  async (url: string) =>
    url.endsWith('/comments') ? json(200, thread) : json(200, page)

function renderAt(path: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/share/:token" element={<SharedEstimatePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('SharedEstimatePage', () => {
  it("shows the company's logo when there is one, else the placeholder icon", async () => {
    vi.stubGlobal('fetch', vi.fn(pageReads(estimate)))
    renderAt('/share/tok-logo')
    expect(await screen.findByTestId('logo-placeholder')).toBeTruthy()
    expect(screen.getByTestId('public-company').textContent).toBe('Demo Construction Co.')
    cleanup()
    vi.stubGlobal('fetch', vi.fn(pageReads({ ...estimate, companyLogo: 'https://cdn.example.com/logo.png' })))
    renderAt('/share/tok-logo')
    const img = (await screen.findByRole('img', { name: 'Demo Construction Co. logo' })) as HTMLImageElement
    expect(img.getAttribute('src')).toBe('https://cdn.example.com/logo.png')
    // Compact in the page header: at most 100×40.
    expect(img.style.maxHeight).toBe('40px')
  })

  it('says an unknown link is invalid or expired', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(404, { title: 'Not Found', detail: 'This estimate link is invalid or has expired.' })))
    renderAt('/share/nope')
    expect(await screen.findByText('Estimate Not Found')).toBeTruthy()
    expect(screen.getByText('This estimate link is invalid or has expired.')).toBeTruthy()
  })

  it('shows the estimate with its variance range, then approves with a typed name and consent', async () => {
    const approved: PublicEstimate = {
      ...estimate,
      status: 'approved',
      approval: { decision: 'approved', signerName: 'Jordan Smith', reason: null, decidedAt: '2026-11-21T15:30:00.000Z', snapshotSha256: 'b'.repeat(64) },
    }
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => (init?.method === 'POST' ? json(200, approved) : pageReads(estimate)(url)))
    vi.stubGlobal('fetch', fetchMock)
    renderAt('/share/tok123')

    expect(await screen.findByText('Construction Estimate')).toBeTruthy()
    expect(screen.getByTestId('public-total').textContent).toBe('$100,000')
    expect(screen.getByTestId('public-range').textContent).toContain('$90,000 - $110,000')
    // The section's Markdown drawn as the detail page and the PDF draw it (libs/ui RichText).
    const text = screen.getByTestId('public-content-text')
    expect(text.querySelector('p')?.textContent).toBe('A complete kitchen remodel.')
    expect(text.querySelector('strong')?.textContent).toBe('kitchen')
    expect([...text.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Cabinets', 'Counters'])
    expect(screen.getByText('Demolition')).toBeTruthy()
    expect(screen.getByTestId('public-disclaimer')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Approve Estimate' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(screen.getAllByRole('button', { name: 'Approve Estimate' }).at(-1)!)
    expect(await screen.findByText('Please type your full name')).toBeTruthy()
    expect(screen.getByText('Please confirm that you approve this estimate')).toBeTruthy()
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0)

    expect(screen.getByText('Please sign in the box, or type your name instead')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Your full name'), { target: { value: '  Jordan Smith ' } })
    // The typed name as the signature (the alternative to drawing).
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Type' }), { button: 0 })
    expect((await screen.findByTestId('typed-signature')).textContent).toBe('Jordan Smith')
    fireEvent.click(screen.getByRole('checkbox'))
    fireEvent.click(screen.getAllByRole('button', { name: 'Approve Estimate' }).at(-1)!)
    expect(await screen.findByText('Estimate approved')).toBeTruthy()
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!
    expect(post[0]).toBe('/api/public/estimates/tok123/approve')
    expect(JSON.parse(String(post[1]!.body))).toEqual({ signerName: 'Jordan Smith', consent: true, snapshotSha256: 'a'.repeat(64) })
    expect(dialog.isConnected).toBe(false)
    expect(screen.getByText('bbbbbbbbbbbb')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'View estimate' }))
    await waitFor(() => expect(screen.getByText('Approved by Jordan Smith')).toBeTruthy())
    expect(screen.queryByRole('button', { name: 'Approve Estimate' })).toBeNull()
    // A whole page with its dialog: on a busy 2-core machine this can pass 5 s.
  }, 15_000)

  it('asks for changes: the message is checked, sent, and shows in the thread with a confirmation', async () => {
    const sent = { id: 'c1', author: 'client', body: 'Could the counters be quartz?', createdAt: '2026-11-21T10:00:00.000Z' }
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') return json(201, sent)
      return pageReads(estimate)(url)
    })
    vi.stubGlobal('fetch', fetchMock)
    renderAt('/share/tok-ask')
    fireEvent.click(await screen.findByRole('button', { name: 'Request changes' }))
    const dialog = await screen.findByRole('dialog', { name: 'Request changes' })
    expect(screen.queryByTestId('public-thread')).toBeNull()
    fireEvent.change(screen.getByLabelText('Your message'), { target: { value: '   ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }))
    expect(await screen.findByText('Please write a message')).toBeTruthy()
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0)

    fireEvent.change(screen.getByLabelText('Your message'), { target: { value: '  Could the counters be quartz?  ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }))
    expect(await screen.findByTestId('message-sent')).toBeTruthy()
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!
    expect(post[0]).toBe('/api/public/estimates/tok-ask/comments')
    expect(JSON.parse(String(post[1]!.body))).toEqual({ body: '  Could the counters be quartz?  ' })
    expect(dialog.isConnected).toBe(false)
    const thread = screen.getByTestId('public-thread')
    expect(thread.textContent).toContain('Could the counters be quartz?')
    expect(screen.getByTestId('message-sent').textContent).toBe('Sent. Demo Construction Co. has been notified.')
    // Still undecided: approve and decline stay on offer.
    expect(screen.getByRole('button', { name: 'Approve Estimate' })).toBeTruthy()
  })

  it('says why a message was refused (the hourly limit), keeping what the client wrote', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST')
        return json(429, {
          status: 429,
          code: 'RATE_LIMITED',
          detail: 'You have sent a lot of messages in the last hour. Please wait a while before sending another.',
        })
      return pageReads(estimate)(url)
    })
    vi.stubGlobal('fetch', fetchMock)
    renderAt('/share/tok-limit')
    fireEvent.click(await screen.findByRole('button', { name: 'Request changes' }))
    fireEvent.change(await screen.findByLabelText('Your message'), { target: { value: 'One more thing' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }))
    expect((await screen.findByRole('alert')).textContent).toContain('Please wait a while before sending another.')
    expect((screen.getByLabelText('Your message') as HTMLTextAreaElement).value).toBe('One more thing')
  })

  it("announces the contractor's reply at the top, shows the thread, and sends a follow-up from it", async () => {
    const thread = [
      { id: 'c1', author: 'client', body: 'Could the counters be quartz?', createdAt: '2026-11-21T10:00:00.000Z' },
      { id: 'c2', author: 'contractor', body: 'Yes, quartz adds $2,400.', createdAt: '2026-11-21T11:00:00.000Z' },
    ]
    const followUp = { id: 'c3', author: 'client', body: 'Great, please update it.', createdAt: '2026-11-21T12:00:00.000Z' }
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => (init?.method === 'POST' ? json(201, followUp) : pageReads(estimate, thread)(url)))
    vi.stubGlobal('fetch', fetchMock)
    renderAt('/share/tok-reply')
    expect((await screen.findByTestId('reply-notice')).textContent).toContain('Demo Construction Co. replied to your message.')
    const messages = screen.getAllByTestId('thread-message')
    expect(messages.map((m) => m.dataset.author)).toEqual(['client', 'contractor'])
    expect(messages[1]!.textContent).toContain('Yes, quartz adds $2,400.')
    expect(messages[1]!.textContent).toContain('Demo Construction Co.')

    fireEvent.change(screen.getByLabelText('Write a message'), { target: { value: 'Great, please update it.' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(screen.getAllByTestId('thread-message')).toHaveLength(3))
    expect((screen.getByLabelText('Write a message') as HTMLTextAreaElement).value).toBe('')
    // The latest message is the client's again: the notice goes.
    expect(screen.queryByTestId('reply-notice')).toBeNull()
  })

  it('offers to try again when the thread cannot be loaded', async () => {
    let fail = true
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (!url.endsWith('/comments')) return json(200, estimate)
        return fail
          ? json(503, { title: 'Service Unavailable' })
          : json(200, [{ id: 'c1', author: 'client', body: 'Hello', createdAt: '2026-11-21T10:00:00.000Z' }])
      }),
    )
    renderAt('/share/tok-down')
    expect(await screen.findByText('We could not load your messages.')).toBeTruthy()
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByTestId('thread-message')).toBeTruthy()
  })

  describe('after the contractor changed the estimate', () => {
    const changed: PublicEstimate = {
      ...estimate,
      sections: [
        {
          id: 's1',
          name: 'Roofing',
          total: '2880.00',
          lineItems: [
            { id: 'i1', name: 'Shingles', description: 'Architectural, 30-year', quantity: '24.000', unit: 'sqft', unitCost: '100.00', totalCost: '2400.00' },
            { id: 'i2', name: 'Gutter guards', description: null, quantity: '40.000', unit: 'lnft', unitCost: '12.00', totalCost: '480.00' },
          ],
        },
      ],
      grandTotal: '3379.68',
      sinceLastView: {
        since: '2026-11-20T10:00:00.000Z',
        diff: {
          changed: true,
          details: [],
          contentSections: [],
          phases: [],
          sections: [
            {
              id: 's1',
              change: 'changed',
              name: 'Roofing',
              before: { name: 'Roofing', total: '2000.00' },
              after: { name: 'Roofing', total: '2880.00' },
              changed: ['total'],
              lineItems: [
                {
                  id: 'i1',
                  change: 'changed',
                  name: 'Shingles',
                  before: {
                    id: 'i1',
                    name: 'Shingles',
                    description: 'Architectural, 30-year',
                    quantity: '20.000',
                    unit: 'sqft',
                    unitCost: '100.00',
                    totalCost: '2000.00',
                  },
                  after: {
                    id: 'i1',
                    name: 'Shingles',
                    description: 'Architectural, 30-year',
                    quantity: '24.000',
                    unit: 'sqft',
                    unitCost: '100.00',
                    totalCost: '2400.00',
                  },
                  changed: ['quantity', 'totalCost'],
                },
                {
                  id: 'i2',
                  change: 'added',
                  name: 'Gutter guards',
                  before: null,
                  after: { id: 'i2', name: 'Gutter guards', description: null, quantity: '40.000', unit: 'lnft', unitCost: '12.00', totalCost: '480.00' },
                  changed: [],
                },
              ],
            },
          ],
          totals: { totalCost: { before: '100000.00', after: '100000.00' }, grandTotal: { before: '2347.00', after: '3379.68' }, changed: true },
        },
      },
    }

    it('says "Updated since you last viewed" with the total before → after, and lists the changes on demand', async () => {
      vi.stubGlobal('fetch', vi.fn(pageReads(changed)))
      renderAt('/share/tok-changed')
      const banner = await screen.findByTestId('updated-banner')
      expect(banner.textContent).toContain('Updated since you last viewed')
      expect(banner.textContent).toContain('Demo Construction Co. changed this estimate after your visit on')
      expect(screen.getByTestId('updated-total').textContent).toContain('$2,347.00')
      expect(screen.getByTestId('updated-total').textContent).toContain('$3,379.68')
      expect(screen.queryByTestId('revision-changes')).toBeNull()

      fireEvent.click(screen.getByRole('button', { name: 'See what changed' }))
      const items = screen.getAllByTestId('changed-item')
      expect(items.map((i) => i.dataset.change)).toEqual(['changed', 'added'])
      expect(items[0]!.textContent).toContain('24 sqft')
      expect(items[1]!.textContent).toContain('40 lnft × $12.00 = $480.00')
      fireEvent.click(screen.getByRole('button', { name: 'Hide changes' }))
      expect(screen.queryByTestId('revision-changes')).toBeNull()

      // The itemised costs show each item's unit cost and description.
      const rows = screen.getAllByTestId('public-line-item')
      expect(rows[0]!.textContent).toContain('24 sqft × $100.00')
      expect(rows[0]!.textContent).toContain('Architectural, 30-year')
    })

    it('keeps the banner when the page reads the estimate again (the server has moved the link on)', async () => {
      const reads = vi
        .fn()
        .mockResolvedValueOnce(json(200, changed))
        .mockResolvedValue(json(200, { ...changed, sinceLastView: null }))
      vi.stubGlobal(
        'fetch',
        vi.fn((url: string) => (url.endsWith('/comments') ? json(200, []) : reads())),
      )
      const client = createQueryClient()
      render(
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={['/share/tok-again']}>
            <Routes>
              <Route path="/share/:token" element={<SharedEstimatePage />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>,
      )
      expect(await screen.findByTestId('updated-banner')).toBeTruthy()
      await client.refetchQueries()
      await waitFor(() => expect(reads).toHaveBeenCalledTimes(2))
      expect(screen.getByTestId('updated-banner')).toBeTruthy()
    })

    it('shows no banner on a first visit or when nothing changed', async () => {
      vi.stubGlobal('fetch', vi.fn(pageReads({ ...changed, sinceLastView: null })))
      renderAt('/share/tok-same')
      expect(await screen.findByTestId('public-project-name')).toBeTruthy()
      expect(screen.queryByTestId('updated-banner')).toBeNull()
    })
  })
})
