import { COMPANY_SETTINGS_DEFAULTS, type Estimate } from '@plumbline/contracts'
import { Toaster, TooltipProvider } from '@plumbline/ui'
import { createQueryClient } from '@plumbline/web'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EstimateDetailPage } from './estimate-detail-page'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const ORG = '/api/organizations/org-1'
const estimate: Estimate = {
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
  meetingTranscript: 'Quartz counters please.',
  aiSummary: null,
  contentSections: { executive_summary: 'Summary text.', project_overview: null, scope_of_work: null, timeline: null, qa_notes: 'Q: permits? A: yes.' },
  shareToken: null,
  viewedAt: null,
  approval: null,
  lockedAt: null,
  reopenedAt: null,
  reopenedBy: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
}
const totals = {
  baseTotal: '0.00',
  overhead: '0.00',
  profit: '0.00',
  contingency: '0.00',
  costTypeMarkup: '0.00',
  markupTotal: '0.00',
  subtotalWithMarkup: '0.00',
  taxes: [],
  taxTotal: '0.00',
  grandTotal: '0.00',
}
const section = {
  id: 's1',
  name: 'Demolition',
  description: null,
  total: '1040.00',
  sortOrder: 0,
  lineItems: [
    {
      id: 'i1',
      sectionId: 's1',
      name: 'Demo crew',
      description: null,
      category: null,
      quantity: '16.000',
      unit: 'hours',
      unitCost: '65.00',
      totalCost: '1040.00',
      isLabor: true,
      isMaterial: false,
      isEquipment: false,
      isSubcontractor: false,
      applyMarkup: true,
      applyTax: true,
      vendor: null,
      partNumber: null,
      notes: null,
      sortOrder: 0,
    },
  ],
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

function stubApi(overrides: Record<string, () => Response> = {}) {
  const routes: Record<string, () => Response> = {
    '/api/user': () =>
      json(200, {
        id: 'u1',
        email: 'demo@plumbline.dev',
        firstName: 'Demo',
        lastName: 'User',
        profileImageUrl: null,
        systemRole: 'user',
        requirePasswordReset: false,
        organizations: [{ id: 'org-1', name: 'Demo', role: 'owner' }],
      }),
    [`${ORG}/estimates/est-1`]: () => json(200, estimate),
    [`${ORG}/company-settings`]: () =>
      json(200, {
        ...COMPANY_SETTINGS_DEFAULTS,
        companyName: 'Demo Construction Co.',
        varianceRangePercentage: '10.00',
        enableLineItems: true,
        enableSections: true,
        enableMarkupProfiles: true,
      }),
    [`${ORG}/estimates/est-1/phases`]: () => json(200, []),
    [`${ORG}/estimates/est-1/content-links`]: () => json(200, []),
    [`${ORG}/estimates/est-1/comments`]: () => json(200, []),
    [`${ORG}/estimates/est-1/revisions`]: () => json(200, []),
    [`${ORG}/estimates/est-1/sections`]: () => json(200, [section]),
    [`${ORG}/estimates/est-1/totals`]: () => json(200, totals),
    [`${ORG}/estimates/est-1/pricing`]: () => json(200, { markupProfileId: null, taxProfileIds: [], totals }),
    [`${ORG}/markup-profiles?estimateId=est-1`]: () => json(200, []),
    [`${ORG}/taxes?estimateId=est-1`]: () => json(200, []),
    ...overrides,
  }
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => (routes[url] ?? (() => json(404, { title: 'Not Found' })))())
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

function renderPage(path = '/estimates/est-1') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <TooltipProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/estimates/:id" element={<EstimateDetailPage />} />
            <Route path="/estimates/:id/edit" element={<EstimateDetailPage startEditing />} />
            <Route path="/cost-estimator" element={<h1>Estimates list</h1>} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>,
  )
}

describe('EstimateDetailPage', () => {
  it('opens the Edit Estimate dialog at /estimates/:id/edit, and not at /estimates/:id', async () => {
    stubApi()
    renderPage('/estimates/est-1/edit')
    expect(await screen.findByRole('heading', { name: 'Edit Estimate' })).toBeTruthy()
    cleanup()
    renderPage()
    expect(await screen.findByRole('heading', { name: 'Kitchen Remodel' })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Edit Estimate' })).toBeNull()
  })

  it('shows contractor controls, and Client View hides them with the Q&A notes, markup panel and meeting notes', async () => {
    stubApi()
    renderPage()
    expect(await screen.findByRole('heading', { name: 'Kitchen Remodel' })).toBeTruthy()
    expect(screen.getByTestId('estimated-range').textContent).toBe('$90,000 - $110,000')
    expect(screen.getByTestId('cost-per-sqft').textContent).toBe('$50.00')
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Export PDF' }) as HTMLButtonElement).disabled).toBe(false)
    expect((screen.getByRole('button', { name: 'Generate All Content' }) as HTMLButtonElement).disabled).toBe(false)
    expect(screen.getByRole('button', { name: 'Edit Estimate' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Q&A Notes' })).toBeTruthy()
    expect(await screen.findByRole('heading', { name: 'Markup & Tax' })).toBeTruthy()
    expect(screen.getByTestId('meeting-notes')).toBeTruthy()
    expect(await screen.findByText('Demo crew')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Edit Demo crew' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Add Section' })).toBeTruthy()

    fireEvent.click(screen.getByRole('switch', { name: 'Client View' }))
    for (const name of ['Share', 'Export PDF', 'Edit Estimate', 'Clone', 'Delete', 'Generate All Content', 'Add Section', 'Edit Demo crew']) {
      expect(screen.queryByRole('button', { name }), name).toBeNull()
    }
    expect(screen.queryByRole('heading', { name: 'Q&A Notes' })).toBeNull()
    expect(screen.queryByRole('heading', { name: 'Markup & Tax' })).toBeNull()
    expect(screen.queryByTestId('meeting-notes')).toBeNull()
    // Empty sections are left out for the client; the written summary stays.
    expect(screen.getByRole('heading', { name: 'Executive Summary' })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Timeline' })).toBeNull()
    expect(screen.getByText('Demo crew')).toBeTruthy()
  })

  it("lists the estimate's tasks with the meeting they came from, and hides them in Client View", async () => {
    const task = {
      id: 'task-1',
      title: 'Order the quartz slab',
      description: null,
      priority: 'high',
      dueDate: '2099-01-05',
      completed: false,
      completedAt: null,
      estimateId: 'est-1',
      meetingId: 'meeting-1',
      meetingTitle: 'Kitchen walkthrough',
      assigneeUserId: null,
      createdBy: 'u1',
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:00:00.000Z',
    }
    stubApi({
      [`${ORG}/tasks?estimateId=est-1`]: () =>
        json(200, [task, { ...task, id: 'task-2', title: 'Confirm delivery', completed: true, meetingId: null, meetingTitle: null }]),
    })
    renderPage()
    const card = await screen.findByTestId('estimate-tasks')
    expect(await within(card).findByText('Order the quartz slab')).toBeTruthy()
    expect(within(card).getByText('1 open of 2')).toBeTruthy()
    expect(within(card).getByRole('link', { name: 'Kitchen walkthrough' }).getAttribute('href')).toBe('/notetaker?meeting=meeting-1')
    fireEvent.click(screen.getByRole('switch', { name: 'Client View' }))
    expect(screen.queryByTestId('estimate-tasks')).toBeNull()
  })

  it('Delete asks first (Cancel keeps it), then deletes and returns to the list', async () => {
    const fetchMock = stubApi()
    renderPage()
    await screen.findByRole('heading', { name: 'Kitchen Remodel' })
    const deletes = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    let dialog = await screen.findByRole('dialog', { name: 'Delete estimate?' })
    expect(dialog.textContent).toContain('“Kitchen Remodel” and its line items and documentation will be deleted.')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(deletes()).toHaveLength(0)
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    dialog = await screen.findByRole('dialog', { name: 'Delete estimate?' })
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Estimate' })))
    expect(await screen.findByRole('heading', { name: 'Estimates list' })).toBeTruthy()
    expect(deletes().map(([url]) => url)).toEqual([`${ORG}/estimates/est-1`])
    expect(await screen.findByText('“Kitchen Remodel” was deleted.')).toBeTruthy()
  })

  it('a role that cannot share, clone or delete sees those actions disabled with the reason, and they do nothing', async () => {
    const fetchMock = stubApi({
      '/api/user': () =>
        json(200, {
          id: 'u2',
          email: 'viewer@plumbline.dev',
          firstName: 'Vic',
          lastName: 'Viewer',
          systemRole: 'user',
          organizations: [{ id: 'org-1', name: 'Demo Construction Co.', role: 'Viewer', permissions: { cost_estimator: ['access', 'edit'] } }],
        }),
    })
    renderPage()
    await screen.findByRole('heading', { name: 'Kitchen Remodel' })
    for (const name of ['Share', 'Clone', 'Delete']) {
      const button = await screen.findByRole('button', { name })
      expect(button.getAttribute('aria-disabled'), name).toBe('true')
      fireEvent.click(button)
    }
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE' || init?.method === 'POST')).toHaveLength(0)
    fireEvent.focus(screen.getByRole('button', { name: 'Delete' }))
    expect((await screen.findAllByText('Your role (Viewer) cannot delete estimates.')).length).toBeGreaterThan(0)
  })

  it('Clone creates a copy through POST …/clone and opens it; a failure says so', async () => {
    const copy = { ...estimate, id: 'est-2', projectName: 'Kitchen Remodel (Copy)' }
    let fail = true
    stubApi({
      [`${ORG}/estimates/est-1/clone`]: () =>
        fail
          ? json(429, {
              status: 429,
              code: 'ESTIMATE_LIMIT_REACHED',
              message: 'Monthly estimate limit reached (50 of 50). Upgrade your plan or wait until next month.',
            })
          : json(201, copy),
      [`${ORG}/estimates/est-2`]: () => json(200, copy),
    })
    renderPage()
    await screen.findByRole('heading', { name: 'Kitchen Remodel' })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Clone' })))
    expect(await screen.findByText('Monthly estimate limit reached (50 of 50). Upgrade your plan or wait until next month.')).toBeTruthy()
    fail = false
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Clone' })))
    expect(await screen.findByRole('heading', { name: 'Kitchen Remodel (Copy)' })).toBeTruthy()
    expect(await screen.findByText('“Kitchen Remodel (Copy)” is a new draft.')).toBeTruthy()
  })

  it('reports a failed line item load and retries', async () => {
    let fail = true
    stubApi({ [`${ORG}/estimates/est-1/sections`]: () => (fail ? json(500, { title: 'boom' }) : json(200, [section])) })
    renderPage()
    expect(await screen.findByText('Failed to load line items. Please try again.')).toBeTruthy()
    fail = false
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })))
    expect(await screen.findByText('Demo crew')).toBeTruthy()
  })

  it('shows Estimate Not Found with a back button for a missing estimate', async () => {
    stubApi({ [`${ORG}/estimates/est-1`]: () => json(404, { title: 'Not Found' }) })
    renderPage()
    const heading = await screen.findByText('Estimate Not Found')
    expect(within(heading.closest('div')!.parentElement!).getByRole('button', { name: 'Back to Estimates' })).toBeTruthy()
  })
})
