import { COMPANY_SETTINGS_DEFAULTS, type CompanySettings, type Estimate, type LineItem, type MarkupProfile, type Section } from '@plumbline/contracts'
import { TooltipProvider } from '@plumbline/ui'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EstimateDetailPage } from '../src/pages/estimate-detail/estimate-detail-page'
import { flattenSections } from '../src/pages/estimate-detail/line-items/flat-item-list'
import { json, mockApi, ORG_ID, renderWithProviders } from './helpers/render'

// The company flags enableSections (grouped sections or one flat list) and enableCostByType (the
// Cost by Type card) on the estimate detail page. The browser journey is test/e2e/feature-flags.

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const ORG = `/api/organizations/${ORG_ID}`
const estimate: Estimate = {
  id: 'est-1',
  projectTypeId: 'pt',
  projectType: { id: 'pt', name: 'Kitchen Remodel', icon: 'home' },
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

let n = 0
const item = (sectionId: string, name: string, totalCost: string, flags: Partial<LineItem> = {}): LineItem => ({
  id: `i${++n}`,
  sectionId,
  name,
  description: null,
  category: null,
  quantity: '1.000',
  unit: 'each',
  unitCost: totalCost,
  totalCost,
  isLabor: false,
  isMaterial: false,
  isEquipment: false,
  isSubcontractor: false,
  applyMarkup: true,
  applyTax: true,
  vendor: null,
  partNumber: null,
  notes: null,
  sortOrder: 0,
  ...flags,
})
const section = (id: string, name: string, sortOrder: number, lineItems: LineItem[]): Section => ({
  id,
  name,
  description: null,
  sortOrder,
  total: (lineItems.reduce((a, i) => a + Math.round(Number(i.totalCost) * 100), 0) / 100).toFixed(2),
  lineItems: lineItems.map((i, index) => ({ ...i, sortOrder: index })),
})

// The worked example of libs/contracts/src/money/totals.ts, in two sections; returned in
// the wrong order on purpose (the page sorts by sortOrder).
const SECTIONS = [
  section('s-fin', 'Finishes', 1, [
    item('s-fin', 'Tile install', '1200.00', { isSubcontractor: true }),
    item('s-fin', 'Permit fee', '99.99'),
    item('s-fin', 'Grout', '24.68', { isMaterial: true }),
  ]),
  section('s-fra', 'Framing', 0, [
    item('s-fra', 'Carpenter', '450.00', { isLabor: true }),
    item('s-fra', 'Studs', '384.40', { isMaterial: true }),
    item('s-fra', 'Lift rental', '275.00', { isEquipment: true, applyMarkup: false }),
  ]),
]
const PROFILE: MarkupProfile = {
  id: 'mp-1',
  name: 'Standard Contractor',
  description: null,
  overheadPercentage: '20.00',
  profitPercentage: '15.00',
  contingencyPercentage: '5.00',
  laborMarkupPercentage: '2.50',
  materialMarkupPercentage: '10.00',
  equipmentMarkupPercentage: '15.00',
  subcontractorMarkupPercentage: '5.00',
  isTemplate: true,
  isDefault: true,
  organizationId: ORG_ID,
  estimateId: null,
}
const TOTALS = {
  baseTotal: '2434.07',
  overhead: '486.81',
  profit: '365.11',
  contingency: '121.70',
  costTypeMarkup: '112.16',
  markupTotal: '1085.78',
  subtotalWithMarkup: '3519.85',
  taxes: [],
  taxTotal: '0.00',
  grandTotal: '3519.85',
}

function stubDetailApi(
  flags: Partial<CompanySettings>,
  { sections = SECTIONS, markupProfileId = PROFILE.id }: { sections?: Section[]; markupProfileId?: string | null } = {},
) {
  let current = sections
  const reads: Record<string, () => unknown> = {
    [`${ORG}/estimates/est-1`]: () => estimate,
    [`${ORG}/company-settings`]: () => ({ ...COMPANY_SETTINGS_DEFAULTS, enableLineItems: true, ...flags }),
    [`${ORG}/estimates/est-1/phases`]: () => [],
    [`${ORG}/estimates/est-1/content-links`]: () => [],
    [`${ORG}/estimates/est-1/sections`]: () => current,
    [`${ORG}/estimates/est-1/totals`]: () => TOTALS,
    [`${ORG}/estimates/est-1/pricing`]: () => ({ markupProfileId, taxProfileIds: [], totals: TOTALS }),
    [`${ORG}/markup-profiles?estimateId=est-1`]: () => [PROFILE],
    [`${ORG}/taxes?estimateId=est-1`]: () => [],
  }
  return mockApi((url, init) => {
    const method = init.method ?? 'GET'
    if (method === 'POST' && url.pathname === `${ORG}/estimates/est-1/sections`) {
      const body = JSON.parse(String(init.body)) as { name: string; sortOrder: number }
      const created = section('s-new', body.name, body.sortOrder, [])
      current = [...current, created]
      return json(created, 201)
    }
    if (method === 'POST' && /\/sections\/[^/]+\/line-items$/.test(url.pathname)) {
      const sectionId = url.pathname.split('/').at(-2)!
      const body = JSON.parse(String(init.body)) as { name: string; unitCost: string }
      const created = item(sectionId, body.name, body.unitCost)
      current = current.map((s) => (s.id === sectionId ? section(s.id, s.name, s.sortOrder, [...s.lineItems, created]) : s))
      return json(created, 201)
    }
    const read = reads[url.pathname + url.search]
    return method === 'GET' && read ? json(read()) : undefined
  })
}

const renderDetail = () =>
  renderWithProviders(
    <TooltipProvider>
      <EstimateDetailPage />
    </TooltipProvider>,
    { path: '/estimates/est-1', routePath: '/estimates/:id' },
  )

describe('flattenSections', () => {
  it('lists items by section order, then item order, each with its section', () => {
    const flat = flattenSections(SECTIONS)
    expect(flat.map((e) => [e.section.name, e.item.name])).toEqual([
      ['Framing', 'Carpenter'],
      ['Framing', 'Studs'],
      ['Framing', 'Lift rental'],
      ['Finishes', 'Tile install'],
      ['Finishes', 'Permit fee'],
      ['Finishes', 'Grout'],
    ])
    const shuffled = section('s-x', 'X', 0, [])
    shuffled.lineItems = [item('s-x', 'second', '1.00', { sortOrder: 2 }), item('s-x', 'first', '1.00', { sortOrder: 1 })]
    expect(flattenSections([shuffled]).map((e) => e.item.name)).toEqual(['first', 'second'])
    expect(flattenSections([])).toEqual([])
  })
})

describe('enableSections', () => {
  it('on: items grouped under section headers with their totals, and Add Section', async () => {
    stubDetailApi({ enableSections: true })
    renderDetail()
    await screen.findByText('Carpenter')
    const blocks = screen.getAllByTestId('line-item-section')
    expect(blocks.map((b) => b.getAttribute('data-section-name'))).toEqual(['Framing', 'Finishes'])
    expect(within(blocks[0]!).getByTestId('section-total').textContent).toBe('$1,109.40')
    expect(within(blocks[1]!).getByTestId('section-total').textContent).toBe('$1,324.67')
    expect(screen.getByRole('button', { name: 'Add Section' })).toBeTruthy()
    expect(screen.queryByTestId('line-items-flat')).toBeNull()
    expect(screen.queryAllByTestId('line-item-section-label')).toEqual([])
  })

  it('off: one flat list, each item labelled with its section, and Add Line Item goes to the first section', async () => {
    const api = stubDetailApi({ enableSections: false })
    renderDetail()
    const list = await screen.findByTestId('line-items-flat')
    expect(screen.queryAllByTestId('line-item-section')).toEqual([])
    expect(screen.queryByRole('button', { name: 'Add Section' })).toBeNull()
    const rows = within(list).getAllByTestId('line-item-row')
    expect(rows.map((r) => within(r).getByTestId('line-item-name').textContent)).toEqual([
      'Carpenter',
      'Studs',
      'Lift rental',
      'Tile install',
      'Permit fee',
      'Grout',
    ])
    expect(rows.map((r) => within(r).getByTestId('line-item-section-label').textContent)).toEqual([
      'Section: Framing',
      'Section: Framing',
      'Section: Framing',
      'Section: Finishes',
      'Section: Finishes',
      'Section: Finishes',
    ])
    expect(screen.getByTestId('line-items-grand-total').textContent).toBe('$2,434.07')

    fireEvent.click(screen.getByRole('button', { name: 'Add Line Item' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Line Item' })
    expect(within(dialog).getByText('Adds an item to Framing.')).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Nails' } })
    fireEvent.change(within(dialog).getByLabelText('Unit Cost ($)'), { target: { value: '12.5' } })
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Add Line Item' })))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Line Item' })).toBeNull())
    const posts = api.calls.filter((c) => c.method === 'POST')
    expect(posts.map((c) => c.url.pathname)).toEqual([`${ORG}/sections/s-fra/line-items`])
    expect(posts[0]!.body).toMatchObject({ name: 'Nails', unitCost: '12.50', sortOrder: 3 })
    await waitFor(() => expect(within(screen.getByTestId('line-items-flat')).getAllByTestId('line-item-row')).toHaveLength(7))
  })

  it('off, with no section yet: the first item creates the "General" section and goes into it', async () => {
    const api = stubDetailApi({ enableSections: false }, { sections: [] })
    renderDetail()
    await screen.findByText('No line items yet')
    expect(screen.getByText('Add a line item to start itemizing costs, or start from a template.')).toBeTruthy()
    fireEvent.click(screen.getAllByRole('button', { name: 'Add Line Item' })[0]!)
    const dialog = await screen.findByRole('dialog', { name: 'Add Line Item' })
    expect(within(dialog).getByText('Adds an item to General.')).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Site visit' } })
    fireEvent.change(within(dialog).getByLabelText('Unit Cost ($)'), { target: { value: '80' } })
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Add Line Item' })))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Line Item' })).toBeNull())
    const posts = api.calls.filter((c) => c.method === 'POST')
    expect(posts.map((c) => [c.url.pathname, c.body])).toEqual([
      [`${ORG}/estimates/est-1/sections`, { name: 'General', description: null, sortOrder: 0 }],
      [`${ORG}/sections/s-new/line-items`, expect.objectContaining({ name: 'Site visit', unitCost: '80.00', sortOrder: 0 })],
    ])
    const row = await within(await screen.findByTestId('line-items-flat')).findByTestId('line-item-row')
    expect(within(row).getByTestId('line-item-section-label').textContent).toBe('Section: General')
  })
})

describe('enableCostByType', () => {
  it('off: no Cost by Type card', async () => {
    stubDetailApi({ enableCostByType: false })
    renderDetail()
    await screen.findByText('Carpenter')
    expect(screen.queryByRole('heading', { name: 'Cost by Type' })).toBeNull()
  })

  it('on: each type with its subtotal, markup, total with markup and share, adding up to the totals; hidden in Client View', async () => {
    stubDetailApi({ enableCostByType: true })
    renderDetail()
    const heading = await screen.findByRole('heading', { name: 'Cost by Type' })
    const card = heading.closest('section')!
    await within(card).findByText('Standard Contractor')
    const rows = within(card).getAllByTestId('cost-type-row')
    const cell = (row: HTMLElement, id: string) => within(row).getByTestId(id).textContent
    expect(
      rows.map((r) => [
        r.getAttribute('data-type'),
        cell(r, 'cost-type-subtotal'),
        cell(r, 'cost-type-markup'),
        cell(r, 'cost-type-total'),
        cell(r, 'cost-type-share'),
      ]),
    ).toEqual([
      ['Labor', '$450.00', '$191.25', '$641.25', '18.2%'],
      ['Material', '$409.08', '$204.54', '$613.62', '17.4%'],
      ['Equipment', '$275.00', '$110.00', '$385.00', '11.0%'],
      ['Subcontractor', '$1,200.00', '$540.00', '$1,740.00', '49.4%'],
      ['Other', '$99.99', '$39.99', '$139.98', '4.0%'],
    ])
    // The same figures as the server's totals on the Markup & Tax panel.
    expect(within(card).getByTestId('cost-by-type-subtotal').textContent).toBe('$2,434.07')
    expect(within(card).getByTestId('cost-by-type-markup').textContent).toBe('$1,085.78')
    expect(within(card).getByTestId('cost-by-type-total').textContent).toBe('$3,519.85')

    fireEvent.click(screen.getByRole('switch', { name: 'Client View' }))
    expect(screen.queryByRole('heading', { name: 'Cost by Type' })).toBeNull()
  })

  it('on, without a markup profile: priced at cost, types without items shown as zeros', async () => {
    stubDetailApi(
      { enableCostByType: true },
      { sections: [section('s1', 'Kitchen', 0, [item('s1', 'Cabinets', '5000.00', { isMaterial: true })])], markupProfileId: null },
    )
    renderDetail()
    const card = (await screen.findByRole('heading', { name: 'Cost by Type' })).closest('section')!
    await within(card).findByText(/no markup profile: priced at cost/)
    const row = (type: string) =>
      within(card)
        .getAllByTestId('cost-type-row')
        .find((r) => r.getAttribute('data-type') === type)!
    expect(within(row('Material')).getByTestId('cost-type-total').textContent).toBe('$5,000.00')
    expect(within(row('Material')).getByTestId('cost-type-share').textContent).toBe('100.0%')
    expect(within(row('Labor')).getByTestId('cost-type-total').textContent).toBe('$0.00')
    expect(within(row('Labor')).getByTestId('cost-type-share').textContent).toBe('0.0%')
    expect(within(card).getByTestId('cost-by-type-markup').textContent).toBe('$0.00')
  })
})
