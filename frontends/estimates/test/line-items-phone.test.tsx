import { COMPANY_SETTINGS_DEFAULTS, type Estimate, type LineItem } from '@plumbline/contracts'
import { TooltipProvider } from '@plumbline/ui'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EstimateDetailPage } from '../src/pages/estimate-detail/estimate-detail-page'
import { json, mockApi, ORG_ID, renderWithProviders } from './helpers/render'

// The line items editor below the md breakpoint: stacked cards, and editing through the dialog.

const DESKTOP_WIDTH = 1024
/** happy-dom's own resize: it sets innerWidth and fires the media query change listeners. */
function setViewportWidth(width: number) {
  act(() => (window as unknown as { happyDOM: { setWindowSize(size: { width: number }): void } }).happyDOM.setWindowSize({ width }))
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  setViewportWidth(DESKTOP_WIDTH)
})

const ORG = `/api/organizations/${ORG_ID}`
const estimate: Estimate = {
  id: 'est-1',
  projectTypeId: 'pt',
  projectType: { id: 'pt', name: 'Roof Replacement', icon: 'home' },
  projectName: 'Roof Replacement',
  clientName: 'Jordan Smith',
  clientEmail: null,
  propertyAddress: '123 Main St',
  squareFootage: 2000,
  totalCost: '100000.00',
  status: 'draft',
  specialFeatures: null,
  meetingTranscript: null,
  aiSummary: null,
  contentSections: { executive_summary: null, project_overview: null, scope_of_work: null, timeline: null, qa_notes: null },
  shareToken: null,
  viewedAt: null,
  approval: null,
  lockedAt: null,
  reopenedAt: null,
  reopenedBy: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
}
const shingles: LineItem = {
  id: 'i1',
  sectionId: 's1',
  name: 'Architectural shingles',
  description: 'Class 4 impact rated, 30-year warranty',
  category: null,
  quantity: '32.000',
  unit: 'sqft',
  unitCost: '95.00',
  totalCost: '3040.00',
  isLabor: false,
  isMaterial: true,
  isEquipment: false,
  isSubcontractor: false,
  applyMarkup: true,
  applyTax: false,
  vendor: null,
  partNumber: null,
  notes: null,
  sortOrder: 0,
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

/** The detail page's reads, with the one line item as the server currently has it. */
function stubDetailApi() {
  let item = shingles
  const reads: Record<string, () => unknown> = {
    [`${ORG}/estimates/est-1`]: () => estimate,
    [`${ORG}/company-settings`]: () => ({ ...COMPANY_SETTINGS_DEFAULTS, enableLineItems: true, enableMarkupProfiles: true }),
    [`${ORG}/estimates/est-1/phases`]: () => [],
    [`${ORG}/estimates/est-1/content-links`]: () => [],
    [`${ORG}/estimates/est-1/sections`]: () => [{ id: 's1', name: 'Roofing', description: null, total: item.totalCost, sortOrder: 0, lineItems: [item] }],
    [`${ORG}/estimates/est-1/totals`]: () => totals,
    [`${ORG}/estimates/est-1/pricing`]: () => ({ markupProfileId: null, taxProfileIds: [], totals }),
    [`${ORG}/markup-profiles?estimateId=est-1`]: () => [],
    [`${ORG}/taxes?estimateId=est-1`]: () => [],
  }
  return mockApi((url, init) => {
    if (init.method === 'PUT' && url.pathname === `${ORG}/line-items/i1`) {
      const { quantity } = JSON.parse(String(init.body)) as { quantity: string }
      item = { ...item, quantity, totalCost: (Number(quantity) * 95).toFixed(2) }
      return json(item)
    }
    const read = reads[url.pathname + url.search]
    return (init.method ?? 'GET') === 'GET' && read ? json(read()) : undefined
  })
}

const renderDetail = () =>
  renderWithProviders(
    <TooltipProvider>
      <EstimateDetailPage />
    </TooltipProvider>,
    { path: '/estimates/est-1', routePath: '/estimates/:id' },
  )

async function phoneCard() {
  setViewportWidth(390)
  const api = stubDetailApi()
  renderDetail()
  await screen.findByText('Architectural shingles')
  return { api, card: screen.getByTestId('line-item-row') }
}

describe('line items on a phone', () => {
  it('shows each item as a card with quantity × unit cost and the total, not the wide table', async () => {
    const { card } = await phoneCard()
    expect(screen.queryByRole('table')).toBeNull()
    expect(card.getAttribute('data-item-id')).toBe('i1')
    expect(within(card).getByTestId('line-item-name').textContent).toBe('Architectural shingles')
    expect(within(card).getByTestId('line-item-quantity').textContent).toBe('32 sqft × $95.00')
    expect(within(card).getByTestId('line-item-total').textContent).toBe('$3,040.00')
    expect(within(card).getByText('Material')).toBeTruthy()
    expect(within(card).getByText('Class 4 impact rated, 30-year warranty')).toBeTruthy()
    expect(within(card).getByRole('button', { name: 'Reorder Architectural shingles' })).toBeTruthy()
    // Touch-sized: the 36 px icon button, not the table's 32 px one.
    expect(within(card).getByRole('button', { name: 'Edit Architectural shingles' }).className).toContain('size-9')
    expect(within(card).getByRole('button', { name: 'Delete Architectural shingles' }).className).toContain('size-9')
  })

  it('keeps the table and its inline editor from md up, and switches to cards when the window narrows', async () => {
    stubDetailApi()
    renderDetail()
    const table = await screen.findByRole('table')
    fireEvent.click(within(table).getByRole('button', { name: 'Edit Architectural shingles' }))
    const editing = within(table).getByTestId('line-item-row')
    expect(editing.getAttribute('data-editing')).toBe('true')
    expect((within(editing).getByLabelText('Quantity') as HTMLInputElement).value).toBe('32')
    expect(screen.queryByRole('dialog')).toBeNull()
    fireEvent.click(within(editing).getByRole('button', { name: 'Cancel editing' }))

    setViewportWidth(767)
    await waitFor(() => expect(screen.queryByRole('table')).toBeNull())
    expect(screen.getByTestId('line-item-quantity').textContent).toBe('32 sqft × $95.00')
  })

  it('edits in the dialog, prefilled from the item, and saving sends the update', async () => {
    const { api, card } = await phoneCard()
    fireEvent.click(within(card).getByRole('button', { name: 'Edit Architectural shingles' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Line Item' })
    const field = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement
    // No field takes focus on opening (a phone's keyboard would cover the form): the dialog does.
    await waitFor(() => expect(document.activeElement).toBe(dialog))
    expect(field('Name').value).toBe('Architectural shingles')
    expect(field('Description (optional)').value).toBe('Class 4 impact rated, 30-year warranty')
    expect(field('Type').value).toBe('material')
    expect(field('Unit').value).toBe('sqft')
    expect(field('Quantity').value).toBe('32')
    expect(field('Unit Cost ($)').value).toBe('95.00')
    expect(within(dialog).getByLabelText('Apply tax').getAttribute('data-state')).toBe('unchecked')
    expect(within(dialog).getByTestId('line-item-dialog-total').textContent).toBe('$3,040.00')

    // The shared validation messages from line-item-math.
    fireEvent.change(field('Name'), { target: { value: '' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('Name is required')).toBeTruthy()
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false)

    fireEvent.change(field('Name'), { target: { value: 'Architectural shingles' } })
    fireEvent.change(field('Quantity'), { target: { value: '40' } })
    expect(within(dialog).getByTestId('line-item-dialog-total').textContent).toBe('$3,800.00')
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })))

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Line Item' })).toBeNull())
    const puts = api.calls.filter((c) => c.method === 'PUT')
    expect(puts.map((c) => c.url.pathname)).toEqual([`${ORG}/line-items/i1`])
    expect(puts[0]!.body).toMatchObject({
      name: 'Architectural shingles',
      description: 'Class 4 impact rated, 30-year warranty',
      quantity: '40.000',
      unit: 'sqft',
      unitCost: '95.00',
      isMaterial: true,
      applyMarkup: true,
      applyTax: false,
    })
    await waitFor(() => expect(screen.getByTestId('line-item-total').textContent).toBe('$3,800.00'))
    expect(screen.getByTestId('line-item-quantity').textContent).toBe('40 sqft × $95.00')
  })

  it('in Client View shows the same card without the handle or buttons', async () => {
    await phoneCard()
    fireEvent.click(screen.getByRole('switch', { name: 'Client View' }))
    const card = screen.getByTestId('line-item-row')
    expect(within(card).queryAllByRole('button')).toEqual([])
    expect(within(card).getByTestId('line-item-quantity').textContent).toBe('32 sqft × $95.00')
    expect(within(card).getByTestId('line-item-total').textContent).toBe('$3,040.00')
  })
})
