import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EstimateDialog } from '../src/pages/estimate-dialog'
import { catalogues, currentLocation, json, mockApi, ORG_ID, renderWithProviders } from './helpers/render'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

const open = (props: Partial<React.ComponentProps<typeof EstimateDialog>> = {}, opts: Parameters<typeof renderWithProviders>[1] = {}) =>
  renderWithProviders(<EstimateDialog open onOpenChange={() => {}} {...props} />, opts)

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement

describe('EstimateDialog (create)', () => {
  it('shows the spec validation messages when submitted empty', async () => {
    mockApi(catalogues)
    open()
    expect(await screen.findByRole('heading', { name: 'Create New Estimate' })).toBeTruthy()
    await screen.findByRole('radio', { name: /Roof Replacement/ })
    fireEvent.click(screen.getByRole('button', { name: 'Create Estimate' }))
    for (const msg of [
      'Please select a project type',
      'Project name is required',
      'Client name is required',
      'Please enter a valid email',
      'Property address is required',
      'Total cost is required',
    ]) {
      expect(await screen.findByText(msg)).toBeTruthy()
    }
  })

  it('sets the project name from the type and follows the client name', async () => {
    mockApi(catalogues)
    open()
    fireEvent.click(await screen.findByRole('radio', { name: /Roof Replacement/ }))
    expect(input('Project Name').value).toBe('Roof Replacement - Client')
    fireEvent.change(input('Client Name'), { target: { value: 'Jane Doe' } })
    expect(input('Project Name').value).toBe('Roof Replacement - Jane Doe')
    fireEvent.click(screen.getByRole('radio', { name: /Kitchen Remodel/ }))
    expect(input('Project Name').value).toBe('Kitchen Remodel - Jane Doe')
  })

  it('groups templates by category with badges, counts and the first 3 section names', async () => {
    mockApi(catalogues)
    open()
    const picker = await screen.findByRole('radiogroup', { name: 'Starting template' })
    const scratch = within(picker).getByRole('radio', { name: /Start from Scratch/ })
    expect(scratch.getAttribute('aria-checked')).toBe('true')
    const roofing = within(picker).getByRole('group', { name: 'Roofing' })
    const card = within(roofing).getByRole('radio', { name: /Asphalt Shingle Roof/ })
    expect(within(card).getByText('System')).toBeTruthy()
    expect(within(card).getByText('Default')).toBeTruthy()
    expect(within(card).getByText('5 sections')).toBeTruthy()
    expect(within(card).getByText('1 line item')).toBeTruthy()
    expect(within(card).getByTestId('template-section-names').textContent).toBe('Tear-offUnderlaymentShingles+2 more')
    // An unknown category is grouped as Other.
    expect(within(within(picker).getByRole('group', { name: 'Other' })).getByRole('radio', { name: /Interior Repaint/ })).toBeTruthy()
    fireEvent.click(card)
    expect(card.getAttribute('aria-checked')).toBe('true')
    expect(scratch.getAttribute('aria-checked')).toBe('false')
  })

  it('shows Manual when automatic AI generation is off', async () => {
    mockApi(catalogues)
    open()
    expect((await screen.findByTestId('ai-mode-badge')).textContent).toBe('Manual')
    // Looks disabled until a project type and total cost are set (see estimate-dialog-ai.test.tsx).
    expect(screen.getByRole('button', { name: /Generate AI Content/ }).getAttribute('aria-disabled')).toBe('true')
  })

  it('shows the picker error and empty states', async () => {
    mockApi((url) => {
      if (url.pathname.endsWith('/project-types')) return new Response('{"message":"database unavailable"}', { status: 503 })
      if (url.pathname.endsWith('/templates')) return json([])
      if (url.pathname.endsWith('/company-settings')) return json({})
      return undefined
    })
    open()
    // Project types are retried twice before the error shows.
    expect(await screen.findByText('Error loading project types', {}, { timeout: 8000 })).toBeTruthy()
    expect(screen.getByText('database unavailable')).toBeTruthy()
    expect(screen.getAllByText('Please refresh the page or contact support.').length).toBe(1)
    expect(await screen.findByText('No templates available')).toBeTruthy()
    expect((await screen.findByTestId('ai-mode-badge')).textContent).toBe('Auto')
  }, 15_000)

  it('asks to authenticate when there is no organisation', async () => {
    mockApi(catalogues)
    open({}, { user: { id: 'u', email: 'x@y.z', organizations: [] } })
    expect((await screen.findAllByText('Authentication required. Please refresh the page to authenticate.')).length).toBe(2)
  })

  it('shows 4 skeletons while a picker loads', async () => {
    mockApi(() => new Promise<Response>(() => {}))
    open()
    expect((await screen.findAllByTestId('picker-skeleton')).length).toBe(8) // project types + templates
  })

  it('disables Fetch Data while the address is blank and shows the property card after a fetch', async () => {
    const { calls } = mockApi(catalogues, (url, init) =>
      url.pathname === '/api/external/enhanced-property-data' && init.method === 'POST'
        ? json({
            property: {
              formattedAddress: '12 Oak St, Springfield, IL 62701',
              bedrooms: null,
              bathrooms: null,
              squareFootage: null,
              yearBuilt: null,
              propertyType: null,
            },
            fireHazard: { riskLevel: null, zone: null, description: 'No fire hazard data for this address.', recommendations: [] },
            source: { provider: 'Address check', addressValidated: true, note: 'Property records are not connected; unknown facts are left blank.' },
          })
        : undefined,
    )
    open()
    const fetchBtn = screen.getByRole('button', { name: 'Fetch Data' }) as HTMLButtonElement
    expect(fetchBtn.disabled).toBe(true)
    fireEvent.change(input('Property Address'), { target: { value: '12 oak st springfield il' } })
    expect(fetchBtn.disabled).toBe(false)
    fireEvent.click(fetchBtn)
    const card = await screen.findByRole('region', { name: 'Property information' })
    expect(within(card).getByText('12 Oak St, Springfield, IL 62701')).toBeTruthy()
    expect(within(card).getByText('Fire Hazard Assessment')).toBeTruthy()
    expect(within(card).getAllByText('Not available').length).toBe(2) // risk level and zone
    expect(screen.getByTestId('property-source').textContent).toContain('unknown facts are left blank')
    expect(await screen.findByText('Property Data Retrieved')).toBeTruthy()
    expect(calls.find((c) => c.url.pathname === '/api/external/enhanced-property-data')!.body).toEqual({ address: '12 oak st springfield il' })
  })

  it('toasts the property data error', async () => {
    mockApi(catalogues, (url) => (url.pathname === '/api/external/enhanced-property-data' ? new Response('boom', { status: 502 }) : undefined))
    open()
    fireEvent.change(input('Property Address'), { target: { value: '1 Main St' } })
    fireEvent.click(screen.getByRole('button', { name: 'Fetch Data' }))
    expect(await screen.findByText('Property Data Error')).toBeTruthy()
    expect(screen.getByText('Could not fetch property data. You can still continue with the estimate.')).toBeTruthy()
  })

  async function fillValidForm() {
    fireEvent.click(await screen.findByRole('radio', { name: /Roof Replacement/ }))
    fireEvent.click(await screen.findByRole('radio', { name: /Asphalt Shingle Roof/ }))
    fireEvent.change(input('Property Address'), { target: { value: '12 Oak St' } })
    fireEvent.change(input('Client Name'), { target: { value: 'Jane Doe' } })
    fireEvent.change(input('Client Email'), { target: { value: 'jane@example.com' } })
    fireEvent.change(input('Total Project Cost ($)'), { target: { value: '18500' } })
    fireEvent.change(input('Square Footage (optional)'), { target: { value: '2100' } })
  }

  it('creates with an Idempotency-Key, applies the template, shows progress and opens the estimate', async () => {
    const { calls } = mockApi(catalogues, (url, init) => {
      if (init.method === 'POST' && url.pathname === `/api/organizations/${ORG_ID}/estimates`) return json({ id: 'est-42' }, 201)
      if (init.method === 'POST' && url.pathname.endsWith('/apply-template')) return json({ sectionsCreated: 5, lineItemsCreated: 1 })
      return undefined
    })
    open()
    await fillValidForm()
    fireEvent.click(screen.getByRole('button', { name: 'Create Estimate' }))
    expect(await screen.findByRole('heading', { name: 'Creating Your Estimate' })).toBeTruthy()
    await waitFor(() => expect(currentLocation()).toBe('/estimates/est-42'), { timeout: 3000 })
    const create = calls.find((c) => c.method === 'POST' && c.url.pathname.endsWith('/estimates'))!
    expect(create.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/)
    expect(create.body).toEqual({
      projectTypeId: 'pt-roof',
      projectName: 'Roof Replacement - Jane Doe',
      clientName: 'Jane Doe',
      clientEmail: 'jane@example.com',
      propertyAddress: '12 Oak St',
      totalCost: '18500',
      squareFootage: 2100,
      specialFeatures: '',
      meetingTranscript: '',
      aiSummary: '',
    })
    const apply = calls.find((c) => c.url.pathname === `/api/organizations/${ORG_ID}/estimates/est-42/apply-template`)!
    expect(apply.body).toEqual({ templateId: 'tpl-1' })
  })

  it('keeps the estimate when the template fails, only logging it', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {})
    mockApi(catalogues, (url, init) => {
      if (init.method === 'POST' && url.pathname.endsWith('/estimates')) return json({ id: 'est-7' }, 201)
      if (url.pathname.endsWith('/apply-template')) return new Response('nope', { status: 500 })
      return undefined
    })
    open()
    await fillValidForm()
    fireEvent.click(screen.getByRole('button', { name: 'Create Estimate' }))
    await waitFor(() => expect(currentLocation()).toBe('/estimates/est-7'), { timeout: 3000 })
    expect(err).toHaveBeenCalled()
    err.mockRestore()
  })

  it("toasts 'Failed to create estimate: {message}' and closes the progress dialog on failure", async () => {
    mockApi(catalogues, (url, init) =>
      init.method === 'POST' && url.pathname.endsWith('/estimates') ? new Response('{"message":"Monthly estimate limit reached"}', { status: 402 }) : undefined,
    )
    open()
    await fillValidForm()
    fireEvent.click(screen.getByRole('button', { name: 'Create Estimate' }))
    expect(await screen.findByText('Failed to create estimate: Monthly estimate limit reached')).toBeTruthy()
    expect(screen.getByText('Error')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Creating Your Estimate' })).toBeNull())
    // The form keeps the values for another try.
    expect(input('Client Name').value).toBe('Jane Doe')
  })
})

describe('EstimateDialog (edit)', () => {
  const estimate = {
    id: 'est-9',
    projectTypeId: 'pt-remodel',
    projectName: 'Smith kitchen',
    clientName: 'Ann Smith',
    clientEmail: 'ann@example.com',
    propertyAddress: '9 Elm St',
    totalCost: '42000.00',
    squareFootage: 300,
    specialFeatures: null,
    meetingTranscript: 'notes',
  }
  it('prefills, hides the template picker, PUTs and reports success', async () => {
    const onUpdated = vi.fn()
    const onOpenChange = vi.fn()
    const { calls } = mockApi(catalogues, (url, init) =>
      init.method === 'PUT' && url.pathname.endsWith('/estimates/est-9') ? json({ ...estimate, id: 'est-9' }) : undefined,
    )
    open({ estimate, onUpdated, onOpenChange })
    expect(await screen.findByRole('heading', { name: 'Edit Estimate' })).toBeTruthy()
    expect(screen.queryByRole('radiogroup', { name: 'Starting template' })).toBeNull()
    expect(input('Project Name').value).toBe('Smith kitchen')
    // Editing the client name keeps a custom project name until a type is picked here.
    fireEvent.change(input('Client Name'), { target: { value: 'Ann B. Smith' } })
    expect(input('Project Name').value).toBe('Smith kitchen')
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Update Estimate' }))
    })
    expect(await screen.findByText('Estimate updated successfully.', {}, { timeout: 3000 })).toBeTruthy()
    expect(onUpdated).toHaveBeenCalledWith(expect.objectContaining({ id: 'est-9' }))
    expect(onOpenChange).toHaveBeenCalledWith(false)
    const put = calls.find((c) => c.method === 'PUT')!
    expect(put.body).toMatchObject({ clientName: 'Ann B. Smith', totalCost: '42000.00', squareFootage: 300, meetingTranscript: 'notes' })
    expect(put.body).not.toHaveProperty('aiSummary')
  })
})
