import type { Estimate, EstimateComment } from '@plumbline/contracts'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, mockApi, ORG_ID, renderWithProviders, USER } from '../../../../test/helpers/render'
import { DetailProvider } from '../detail-context'
import { ClientMessagesCard } from './client-messages-card'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const estimate = {
  id: 'est-1',
  projectName: 'Kitchen Remodel',
  clientName: 'Jordan Smith',
  clientEmail: 'jordan@example.com',
  shareToken: 'tok-live',
} as Estimate

const THREAD = `/api/organizations/${ORG_ID}/estimates/est-1/comments`

const asked: EstimateComment = {
  id: 'c1',
  author: 'client',
  body: 'Could the counters be quartz?',
  createdAt: '2026-11-21T10:00:00.000Z',
  authorEmail: null,
  mailedTo: [],
}

function renderCard(opts: { estimate?: Partial<Estimate>; clientView?: boolean; user?: unknown } = {}) {
  return renderWithProviders(
    <DetailProvider
      value={{
        orgId: ORG_ID,
        estimateId: 'est-1',
        estimate: { ...estimate, ...opts.estimate },
        settings: undefined,
        clientView: opts.clientView ?? false,
        locked: false,
        readonly: false,
      }}
    >
      <ClientMessagesCard />
    </DetailProvider>,
    { user: opts.user },
  )
}

describe('ClientMessagesCard', () => {
  it('says there are no messages yet, and is hidden in Client View', async () => {
    mockApi((url) => (url.pathname === THREAD ? json([]) : undefined))
    renderCard()
    expect((await screen.findByTestId('client-messages-empty')).textContent).toContain('No messages yet')
    cleanup()
    renderCard({ clientView: true })
    expect(screen.queryByTestId('client-messages')).toBeNull()
  })

  it("shows the client's request and replies with one Idempotency-Key per reply, adding it to the thread", async () => {
    const reply: EstimateComment = {
      id: 'c2',
      author: 'contractor',
      body: 'Yes, quartz adds $2,400.',
      createdAt: '2026-11-21T11:00:00.000Z',
      authorEmail: 'demo@plumbline.dev',
      mailedTo: ['jordan@example.com'],
    }
    const { calls } = mockApi((url, init) => {
      if (url.pathname !== THREAD) return undefined
      return init.method === 'POST' ? json(reply, 201) : json([asked])
    })
    renderCard()
    const first = await screen.findByTestId('client-message')
    expect(first.dataset.author).toBe('client')
    expect(first.textContent).toContain('Jordan Smith')
    expect(first.textContent).toContain('Could the counters be quartz?')
    expect(screen.getByText('1 request')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }))
    expect(await screen.findByText('Please write a message')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)

    fireEvent.change(screen.getByLabelText('Reply to Jordan Smith'), { target: { value: 'Yes, quartz adds $2,400.' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }))
    await waitFor(() => expect(screen.getAllByTestId('client-message')).toHaveLength(2))
    const post = calls.find((c) => c.method === 'POST')!
    expect(post.body).toEqual({ body: 'Yes, quartz adds $2,400.' })
    expect(post.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/)
    const sent = screen.getAllByTestId('client-message')[1]!
    expect(sent.dataset.author).toBe('contractor')
    expect(sent.textContent).toContain('demo@plumbline.dev')
    expect(sent.textContent).toContain('E-mailed to jordan@example.com')
    expect((screen.getByLabelText('Reply to Jordan Smith') as HTMLTextAreaElement).value).toBe('')
    expect(await screen.findByText('Reply sent')).toBeTruthy()
  })

  it("shows the server's reason when a reply is refused, keeping the text", async () => {
    mockApi((url, init) => {
      if (url.pathname !== THREAD) return undefined
      if (init.method === 'POST')
        return json({ status: 409, code: 'SHARE_LINK_EXPIRED', detail: 'The share link has expired. Extend it to reply to the client.' }, 409)
      return json([asked])
    })
    renderCard()
    fireEvent.change(await screen.findByLabelText('Reply to Jordan Smith'), { target: { value: 'On it' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }))
    expect((await screen.findByRole('alert')).textContent).toBe('The share link has expired. Extend it to reply to the client.')
    expect((screen.getByLabelText('Reply to Jordan Smith') as HTMLTextAreaElement).value).toBe('On it')
  })

  it('offers no reply box without a live link or without the share permission', async () => {
    mockApi((url) => (url.pathname === THREAD ? json([asked]) : undefined))
    renderCard({ estimate: { shareToken: null } })
    expect(await screen.findByText(/Share the estimate again to reply/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Send reply' })).toBeNull()
    cleanup()
    const viewer = { ...USER, organizations: [{ id: ORG_ID, name: 'Demo', role: 'viewer', permissions: { cost_estimator: ['access'] } }] }
    renderCard({ user: viewer })
    expect(await screen.findByTestId('client-message')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Send reply' })).toBeNull()
  })

  it('says when the messages cannot be loaded, and retries', async () => {
    let fail = true
    mockApi((url) => {
      if (url.pathname !== THREAD) return undefined
      return fail ? json({ title: 'Service Unavailable' }, 503) : json([asked])
    })
    renderCard()
    expect(await screen.findByText('Messages could not be loaded.')).toBeTruthy()
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByTestId('client-message')).toBeTruthy()
  })
})
