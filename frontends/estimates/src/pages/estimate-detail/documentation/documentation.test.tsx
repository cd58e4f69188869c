import { type ChatMessage, COMPANY_SETTINGS_DEFAULTS, type Estimate } from '@plumbline/contracts'
import { Toaster, TooltipProvider } from '@plumbline/ui'
import { createQueryClient } from '@plumbline/web'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EstimateDetailPage } from '../estimate-detail-page'

// The documentation cards, AI chat, Generate All and Export PDF against a stubbed API.

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const ORG = '/api/organizations/org-1'
const EST = `${ORG}/estimates/est-1`
const LONG = Array.from({ length: 8 }, (_, i) => `Line ${i + 1} of the scope of work.`).join('\n')

type Call = { method: string; url: string; body: unknown }
type StubRoute = (call: Call) => Response | Promise<Response> | undefined
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

function setup(routes: StubRoute[] = [], sections: Partial<Estimate['contentSections']> = {}) {
  const content: Estimate['contentSections'] = {
    executive_summary: null,
    project_overview: null,
    scope_of_work: LONG,
    timeline: null,
    qa_notes: null,
    ...sections,
  }
  const estimate = (): Estimate => ({
    id: 'est-1',
    projectTypeId: 'pt',
    projectType: { id: 'pt', name: 'Remodeling', icon: 'home' },
    projectName: 'Kitchen Remodel',
    clientName: 'Jordan Smith',
    clientEmail: null,
    propertyAddress: '123 Main St',
    squareFootage: 2000,
    totalCost: '100000.00',
    status: 'draft',
    specialFeatures: null,
    meetingTranscript: null,
    aiSummary: null,
    contentSections: { ...content },
    shareToken: null,
    viewedAt: null,
    approval: null,
    lockedAt: null,
    reopenedAt: null,
    reopenedBy: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
  })
  const calls: Call[] = []
  const base: StubRoute = ({ method, url, body }) => {
    if (method === 'PATCH' && url.startsWith(`${EST}/content/`)) {
      content[url.split('/').pop() as keyof typeof content] = (body as { content: string }).content
      return json(200, { ok: true })
    }
    if (method !== 'GET') return undefined
    const gets: Record<string, unknown> = {
      '/api/user': {
        id: 'u1',
        email: 'demo@plumbline.dev',
        firstName: 'Demo',
        lastName: 'User',
        profileImageUrl: null,
        systemRole: 'user',
        requirePasswordReset: false,
        organizations: [{ id: 'org-1', name: 'Demo', role: 'owner' }],
      },
      [EST]: estimate(),
      [`${ORG}/company-settings`]: { ...COMPANY_SETTINGS_DEFAULTS, companyName: 'Demo Construction Co.' },
      [`${EST}/phases`]: [],
      [`${EST}/content-links`]: ['executive_summary', 'project_overview', 'scope_of_work', 'timeline', 'qa_notes'].map((role) => ({
        id: `l-${role}`,
        role,
        showToClient: true,
        includeInPdf: true,
        includeInWebLink: true,
        isCustomized: false,
      })),
      '/api/ai/provider?organizationId=org-1': { writer: 'built-in', model: null, label: 'Built-in writer (no external AI)' },
    }
    return url in gets ? json(200, gets[url]) : undefined
  }
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = { method: (init.method ?? 'GET').toUpperCase(), url, body: init.body ? JSON.parse(String(init.body)) : undefined }
      calls.push(call)
      for (const r of [...routes, base]) {
        const res = await r(call)
        if (res) return res
      }
      return json(404, { title: 'Not Found' })
    }),
  )
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TooltipProvider>
        <MemoryRouter initialEntries={['/estimates/est-1']}>
          <Routes>
            <Route path="/estimates/:id" element={<EstimateDetailPage />} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>,
  )
  return { calls, content }
}

const card = async (type: string) => screen.findByTestId(`content-card-${type}`)
/** A promise the test resolves when it wants the server to answer. */
function held() {
  let release: (res: Response) => void = () => {}
  const promise = new Promise<Response>((r) => (release = r))
  return { promise, release }
}

describe('content section cards', () => {
  it('goes empty → generating → populated with Generate with AI, saving the text with PATCH', async () => {
    const gen = held()
    const { calls } = setup([({ method, url }) => (method === 'POST' && url === `${EST}/generate-content/timeline` ? gen.promise : undefined)])
    const timeline = await card('timeline')
    expect(timeline.getAttribute('data-state')).toBe('empty')
    fireEvent.click(within(timeline).getByRole('button', { name: 'Generate with AI' }))
    await waitFor(() => expect(timeline.getAttribute('data-state')).toBe('generating'))
    expect(within(timeline).getByText('AI is generating content...')).toBeTruthy()
    gen.release(json(200, { type: 'timeline', content: 'Weeks 1-2: demolition.', writer: 'built-in' }))
    await waitFor(() => expect(timeline.getAttribute('data-state')).toBe('populated'))
    expect(within(timeline).getByTestId('content-text-timeline').textContent).toBe('Weeks 1-2: demolition.')
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({ url: `${EST}/content/timeline`, body: { content: 'Weeks 1-2: demolition.' } })
    expect(await screen.findByText('Written by: Built-in writer (no external AI)', { selector: 'div' })).toBeTruthy()
  })

  it("reports 'Generation Failed' and returns to empty", async () => {
    setup([({ url }) => (url === `${EST}/generate-content/timeline` ? json(503, { title: 'AI down' }) : undefined)])
    const timeline = await card('timeline')
    fireEvent.click(within(timeline).getByRole('button', { name: 'Generate with AI' }))
    expect(await screen.findByText('Generation Failed')).toBeTruthy()
    expect(screen.getByText('Failed to generate Timeline. Please try again.')).toBeTruthy()
    expect(timeline.getAttribute('data-state')).toBe('empty')
  })

  it('collapses long text to a 150-character preview and edits it in full, saving only a change', async () => {
    const { calls } = setup()
    const scope = await card('scope_of_work')
    // The preview is the first 150 characters as they read, its line breaks kept.
    const shown = within(scope).getByTestId('content-text-scope_of_work')
    const cut = LONG.slice(0, 150).trimEnd()
    expect(shown.textContent).toBe(`${cut.replaceAll('\n', '')}…`)
    expect(shown.querySelectorAll('br')).toHaveLength(cut.split('\n').length - 1)
    fireEvent.click(within(scope).getByRole('button', { name: 'Edit Scope of Work' }))
    expect(scope.getAttribute('data-state')).toBe('editing')
    const box = within(scope).getByLabelText('Scope of Work content') as HTMLTextAreaElement
    expect(box.value).toBe(LONG)
    // Unchanged (after trimming): nothing is sent.
    fireEvent.change(box, { target: { value: `  ${LONG}  ` } })
    fireEvent.click(within(scope).getByRole('button', { name: 'Save' }))
    expect(scope.getAttribute('data-state')).toBe('populated')
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false)
  })

  it("says 'Failed to update content.' when a save fails and stays in edit mode", async () => {
    setup([({ method }) => (method === 'PATCH' ? json(500, { title: 'boom' }) : undefined)])
    const scope = await card('scope_of_work')
    fireEvent.click(within(scope).getByRole('button', { name: 'Edit Scope of Work' }))
    fireEvent.change(within(scope).getByLabelText('Scope of Work content'), { target: { value: 'Short scope.' } })
    fireEvent.click(within(scope).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Failed to update content.')).toBeTruthy()
    expect(scope.getAttribute('data-state')).toBe('editing')
  })

  it('Client View hides regenerate, edit, chat and visibility controls', async () => {
    setup()
    const scope = await card('scope_of_work')
    expect(within(scope).getByRole('button', { name: 'Regenerate Scope of Work' })).toBeTruthy()
    expect(within(scope).getByRole('button', { name: 'AI chat about Scope of Work' })).toBeTruthy()
    fireEvent.click(screen.getByRole('switch', { name: 'Client View' }))
    const readonly = await card('scope_of_work')
    for (const name of ['Regenerate Scope of Work', 'Edit Scope of Work', 'AI chat about Scope of Work'])
      expect(within(readonly).queryByRole('button', { name })).toBeNull()
    expect(within(readonly).queryByRole('switch')).toBeNull()
    expect(screen.queryByTestId('writer-label')).toBeNull()
  })
})

describe('the AI chat panel', () => {
  const reply = (message: string, proposedContent: string | null): ChatMessage => ({
    id: `m-${message.length}`,
    userMessage: message,
    aiResponse: proposedContent ? 'Here is a shorter version.' : 'Permits take two weeks.',
    proposedContent,
    writer: 'built-in',
    createdAt: '2026-11-02T10:00:00.000Z',
  })

  it('sends on Enter, keeps Shift+Enter as a newline, refuses an empty message, and applies a proposal in one click', async () => {
    const history: ChatMessage[] = []
    const { calls, content } = setup([
      ({ method, url, body }) => {
        if (url !== `${EST}/content-sections/scope_of_work/chat`) return undefined
        if (method === 'GET') return json(200, history)
        const m = reply((body as { message: string }).message, 'Demolition, framing and finishes.')
        history.push(m)
        return json(201, m)
      },
    ])
    const scope = await card('scope_of_work')
    fireEvent.click(within(scope).getByRole('button', { name: 'AI chat about Scope of Work' }))
    const box = (await within(scope).findByLabelText('Message about Scope of Work')) as HTMLTextAreaElement
    expect(box.getAttribute('rows')).toBe('2')
    const posts = () => calls.filter((c) => c.method === 'POST' && c.url.endsWith('/chat'))

    // Empty (after trimming): neither Enter nor the button sends.
    fireEvent.change(box, { target: { value: '   ' } })
    fireEvent.keyDown(box, { key: 'Enter' })
    expect((within(scope).getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(true)
    // Shift+Enter is a newline, not a send.
    fireEvent.change(box, { target: { value: 'Make it shorter' } })
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true })
    await act(async () => {})
    expect(posts()).toHaveLength(0)

    fireEvent.keyDown(box, { key: 'Enter' })
    await waitFor(() => expect(posts()).toHaveLength(1))
    expect(posts()[0]!.body).toEqual({ message: 'Make it shorter' })
    const list = await within(scope).findByRole('list', { name: 'Scope of Work chat history' })
    expect(list.className).toContain('max-h-60')
    expect(within(list).getByText('Here is a shorter version.')).toBeTruthy()
    await waitFor(() => expect(box.value).toBe(''))

    fireEvent.click(within(list).getByRole('button', { name: 'Apply' }))
    await waitFor(() => expect(within(scope).getByTestId('content-text-scope_of_work').textContent).toBe('Demolition, framing and finishes.'))
    expect(content.scope_of_work).toBe('Demolition, framing and finishes.')
    expect(await within(list).findByRole('button', { name: 'Applied' })).toBeTruthy()
  })

  it("answers without an Apply button when nothing is proposed, and says 'Failed to send message.' on error", async () => {
    let fail = false
    const history: ChatMessage[] = []
    setup([
      ({ method, url, body }) => {
        if (url !== `${EST}/content-sections/timeline/chat`) return undefined
        if (method === 'GET') return json(200, history)
        if (fail) return json(500, { title: 'boom' })
        history.push(reply((body as { message: string }).message, null))
        return json(201, history.at(-1))
      },
    ])
    const timeline = await card('timeline')
    fireEvent.click(within(timeline).getByRole('button', { name: 'AI chat about Timeline' }))
    const box = (await within(timeline).findByLabelText('Message about Timeline')) as HTMLTextAreaElement
    fireEvent.change(box, { target: { value: 'How long are permits?' } })
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(await within(timeline).findByText('Permits take two weeks.')).toBeTruthy()
    expect(within(timeline).queryByRole('button', { name: 'Apply' })).toBeNull()
    fail = true
    fireEvent.change(box, { target: { value: 'And inspections?' } })
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(await screen.findByText('Failed to send message.')).toBeTruthy()
    // The typed text is kept for another try.
    expect(box.value).toBe('And inspections?')
  })
})

describe('Generate All Content', () => {
  const startJob: StubRoute = ({ method, url }) => (method === 'POST' && url === `${EST}/generate-all-content` ? json(202, { jobId: 'job-9' }) : undefined)

  it('shows progress while the job runs, then waits for the server to write the blocks and never writes them itself', async () => {
    const status = held()
    // The estimates service writes the blocks when the job's event reaches it, a moment after
    // the job reports completed: here on the second read of the estimate after completion.
    let serverContent: Record<string, string | null> | null = null
    let readsAfterCompletion = 0
    const consumer: StubRoute = ({ method, url }) => {
      if (method === 'GET' && url === EST && completed && ++readsAfterCompletion === 2 && serverContent)
        Object.assign(serverContent, { executive_summary: 'Summary.', timeline: 'Weeks 1-4.' })
      return undefined
    }
    let completed = false
    const { calls, content } = setup([
      startJob,
      consumer,
      ({ url }) =>
        url === `${ORG}/jobs/job-9/status`
          ? status.promise.then((r) => {
              completed = true
              return r
            })
          : undefined,
    ])
    serverContent = content
    fireEvent.click(await screen.findByRole('button', { name: 'Generate All Content' }))
    // There is text already: it asks before replacing it.
    fireEvent.click(await screen.findByRole('button', { name: 'Generate All' }))
    const panel = await screen.findByTestId('generate-all-progress')
    // findBy: the confirmation's closing leaves the page aria-hidden for a moment.
    expect(await within(panel).findByRole('button', { name: 'Cancel' })).toBeTruthy()
    expect((await card('timeline')).getAttribute('data-state')).toBe('generating')
    status.release(
      json(200, {
        status: 'completed',
        error: null,
        message: null,
        result: { writer: 'built-in', contentBlocks: { executive_summary: 'Summary.', timeline: 'Weeks 1-4.', qa_notes: '' } },
      }),
    )
    await waitFor(() => expect(screen.queryByTestId('generate-all-progress')).toBeNull(), { timeout: 3000 })
    expect(readsAfterCompletion).toBeGreaterThanOrEqual(2)
    expect(calls.filter((c) => c.method !== 'GET' && c.url.startsWith(`${EST}/content`))).toEqual([])
    await waitFor(async () => expect((await card('timeline')).getAttribute('data-state')).toBe('populated'))
    expect(await screen.findByText('AI content generated')).toBeTruthy()
    expect(screen.getAllByText(/2 sections written/).length).toBeGreaterThan(0)
  })

  it('cancels the job on the server and stops waiting', async () => {
    const { calls } = setup(
      [
        startJob,
        ({ url }) => (url === `${ORG}/jobs/job-9/status` ? json(200, { status: 'running', result: null, error: null, message: null }) : undefined),
        ({ method, url }) =>
          method === 'POST' && url === `${ORG}/jobs/job-9/cancel` ? json(200, { status: 'cancelled', result: null, error: null, message: null }) : undefined,
      ],
      { scope_of_work: null },
    )
    fireEvent.click(await screen.findByRole('button', { name: 'Generate All Content' }))
    const panel = await screen.findByTestId('generate-all-progress')
    await waitFor(() => expect(within(panel).getByText(/running/)).toBeTruthy())
    fireEvent.click(within(panel).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByTestId('generate-all-progress')).toBeNull())
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/jobs/job-9/cancel'))).toBe(true)
    expect(await screen.findByText('AI generation was cancelled')).toBeTruthy()
  })

  it("says 'Failed to generate AI content.' when the job fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    setup(
      [
        startJob,
        ({ url }) => (url === `${ORG}/jobs/job-9/status` ? json(200, { status: 'failed', result: null, error: 'Provider down', message: null }) : undefined),
      ],
      { scope_of_work: null },
    )
    fireEvent.click(await screen.findByRole('button', { name: 'Generate All Content' }))
    expect(await screen.findByText('Failed to generate AI content.')).toBeTruthy()
  })
})

describe('Export PDF', () => {
  function fakeTab() {
    return { opener: {} as unknown, closed: false, close: vi.fn(), location: { href: '' }, document: { title: '', body: { textContent: '' } } }
  }

  it('opens a tab in the click and points it at the download link', async () => {
    const tab = fakeTab()
    const open = vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window)
    setup([
      ({ method, url }) => (method === 'POST' && url === `${EST}/generate-pdf` ? json(200, { downloadUrl: '/api/documents/files/f1?sig=abc' }) : undefined),
    ])
    fireEvent.click(await screen.findByRole('button', { name: 'Export PDF' }))
    // Opened synchronously, before any answer (popup blockers allow only that).
    expect(open).toHaveBeenCalledWith('', '_blank')
    expect(tab.opener).toBeNull()
    await waitFor(() => expect(tab.location.href).toBe('/api/documents/files/f1?sig=abc'))
    expect(tab.close).not.toHaveBeenCalled()
  })

  it("closes the tab and shows 'PDF Generation Failed' with the server message", async () => {
    const tab = fakeTab()
    vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window)
    setup([({ url }) => (url === `${EST}/generate-pdf` ? json(429, { title: 'Too Many Requests', detail: 'Monthly PDF limit reached' }) : undefined)])
    fireEvent.click(await screen.findByRole('button', { name: 'Export PDF' }))
    expect(await screen.findByText('PDF Generation Failed')).toBeTruthy()
    expect(screen.getByText('Monthly PDF limit reached')).toBeTruthy()
    expect(tab.close).toHaveBeenCalled()
  })

  it('falls back to the generic message for a server error', async () => {
    vi.spyOn(window, 'open').mockImplementation(() => fakeTab() as unknown as Window)
    setup([({ url }) => (url === `${EST}/generate-pdf` ? json(500, { title: 'Internal Server Error' }) : undefined)])
    fireEvent.click(await screen.findByRole('button', { name: 'Export PDF' }))
    expect(await screen.findByText('Failed to generate PDF. Please try again.')).toBeTruthy()
  })
})
