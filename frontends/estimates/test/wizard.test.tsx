import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import WizardPage from '../src/pages/wizard'
import { loadWizardData, saveWizardData, WIZARD_STORAGE_KEY } from '../src/pages/wizard/wizard-storage'
import { catalogues, currentLocation, json, mockApi, ORG_ID, renderWithProviders } from './helpers/render'

beforeEach(() => sessionStorage.clear())
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const type = { id: 'pt-roof', name: 'Roof Replacement', icon: 'fas fa-home' }
const render = (step: 1 | 2 | 3) => renderWithProviders(<WizardPage step={step} />, { path: `/estimate-wizard-step${step}` })

describe('wizard step 1', () => {
  it('continues with the chosen type, saved for the session', async () => {
    mockApi(catalogues)
    render(1)
    expect(screen.getByText('Step 1 of 3')).toBeTruthy()
    expect(screen.getByRole('progressbar', { name: 'Step 1 of 3' }).getAttribute('aria-valuenow')).toBe('33')
    const next = screen.getByRole('button', { name: /Continue/ }) as HTMLButtonElement
    expect(next.disabled).toBe(true)
    fireEvent.click(await screen.findByRole('radio', { name: /Roof Replacement/ }))
    fireEvent.click(next)
    expect(currentLocation()).toBe('/estimate-wizard-step2')
    expect(loadWizardData()).toMatchObject({ step: 1, projectType: { id: 'pt-roof', name: 'Roof Replacement' } })
  })
  it('Back to Dashboard clears the wizard data', async () => {
    mockApi(catalogues)
    saveWizardData({ step: 2, projectType: type })
    render(1)
    fireEvent.click(screen.getByRole('button', { name: /Back to Dashboard/ }))
    expect(currentLocation()).toBe('/')
    expect(sessionStorage.getItem(WIZARD_STORAGE_KEY)).toBeNull()
  })
})

describe('wizard step 2', () => {
  it('shows Loading... and goes to step 1 without saved data', async () => {
    mockApi(catalogues)
    render(2)
    expect(screen.getByText('Loading...')).toBeTruthy()
    await waitFor(() => expect(currentLocation()).toBe('/estimate-wizard-step1'))
  })
  it('requires the address, validates it and toasts a failed validation', async () => {
    mockApi(catalogues, (url) => (url.pathname === '/api/external/enhanced-property-data' ? new Response('down', { status: 503 }) : undefined))
    saveWizardData({ step: 1, projectType: type })
    render(2)
    expect(screen.getByRole('progressbar', { name: 'Step 2 of 3' }).getAttribute('aria-valuenow')).toBe('66')
    const validate = screen.getByRole('button', { name: 'Validate' }) as HTMLButtonElement
    expect(validate.disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: /Continue/ }))
    expect(await screen.findByText('Property address is required')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Property Address'), { target: { value: '5 Pine Rd, Austin, TX' } })
    expect(validate.disabled).toBe(false)
    fireEvent.click(validate)
    expect(await screen.findByText('Could not validate address. You can still continue with the estimate.')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Square Footage (optional)'), { target: { value: '1500' } })
    fireEvent.click(screen.getByRole('button', { name: /Continue/ }))
    await waitFor(() => expect(currentLocation()).toBe('/estimate-wizard-step3'))
    expect(loadWizardData()).toMatchObject({ step: 2, propertyAddress: '5 Pine Rd, Austin, TX', squareFootage: '1500', addressValidated: false })
  })
})

describe('wizard step 3', () => {
  it('goes to step 2 when the saved step is under 2', async () => {
    mockApi(catalogues)
    saveWizardData({ step: 1, projectType: type })
    render(3)
    await waitFor(() => expect(currentLocation()).toBe('/estimate-wizard-step2'))
  })

  it('summarises, suggests the project name, creates and opens the estimate', async () => {
    const { calls } = mockApi(catalogues, (url, init) =>
      init.method === 'POST' && url.pathname === `/api/organizations/${ORG_ID}/estimates` ? json({ id: 'est-w1' }, 201) : undefined,
    )
    saveWizardData({ step: 2, projectType: type, propertyAddress: '5 Pine Rd, Austin, TX 78701', squareFootage: '1500' })
    render(3)
    expect(screen.getByRole('heading', { name: 'Client Information' })).toBeTruthy()
    expect(screen.getByText('Step 3 of 3')).toBeTruthy()
    expect(screen.getByRole('progressbar', { name: 'Step 3 of 3' }).getAttribute('aria-valuenow')).toBe('100')
    expect(screen.getByText('5 Pine Rd')).toBeTruthy()
    expect(screen.getByText(/1,500 sq ft/)).toBeTruthy()
    const create = screen.getByRole('button', { name: 'Create Estimate' }) as HTMLButtonElement
    await waitFor(() => expect(create.disabled).toBe(true))
    fireEvent.change(screen.getByLabelText('Client Name'), { target: { value: 'Lee Park' } })
    expect((screen.getByLabelText('Project Name') as HTMLInputElement).value).toBe('Roof Replacement - Lee Park')
    fireEvent.change(screen.getByLabelText('Estimated Total Cost ($)'), { target: { value: '9800' } })
    await waitFor(() => expect(create.disabled).toBe(false))
    fireEvent.click(create)
    expect(await screen.findByText('Creating...')).toBeTruthy()
    await waitFor(() => expect(currentLocation()).toBe('/estimates/est-w1'))
    expect(sessionStorage.getItem(WIZARD_STORAGE_KEY)).toBeNull()
    const post = calls.find((c) => c.method === 'POST')!
    expect(post.headers['Idempotency-Key']).toBeTruthy()
    expect(post.body).toEqual({
      projectTypeId: 'pt-roof',
      projectName: 'Roof Replacement - Lee Park',
      clientName: 'Lee Park',
      propertyAddress: '5 Pine Rd, Austin, TX 78701',
      totalCost: '9800',
      squareFootage: 1500,
      specialFeatures: '',
      meetingTranscript: '',
    })
  })

  it('keeps a custom project name, stores values on Back and toasts a failed create', async () => {
    mockApi(catalogues, (url, init) => (init.method === 'POST' && url.pathname.endsWith('/estimates') ? new Response('nope', { status: 500 }) : undefined))
    vi.spyOn(console, 'error').mockImplementation(() => {})
    saveWizardData({ step: 2, projectType: type, propertyAddress: '5 Pine Rd', clientName: 'Lee', projectName: 'Pine roof', totalCost: '100' })
    render(3)
    expect((screen.getByLabelText('Project Name') as HTMLInputElement).value).toBe('Pine roof')
    fireEvent.change(screen.getByLabelText('Client Name'), { target: { value: 'Lee Park' } })
    expect((screen.getByLabelText('Project Name') as HTMLInputElement).value).toBe('Pine roof')
    fireEvent.change(screen.getByLabelText('Client Email (optional)'), { target: { value: 'not-an-email' } })
    fireEvent.blur(screen.getByLabelText('Client Email (optional)'))
    expect(await screen.findByText('Please enter a valid email')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Client Email (optional)'), { target: { value: '' } })
    const create = screen.getByRole('button', { name: 'Create Estimate' }) as HTMLButtonElement
    await waitFor(() => expect(create.disabled).toBe(false))
    fireEvent.click(create)
    expect(await screen.findByText('Failed to create estimate. Please try again.')).toBeTruthy()
    expect(sessionStorage.getItem(WIZARD_STORAGE_KEY)).not.toBeNull()
    fireEvent.click(screen.getByRole('button', { name: /Back/ }))
    expect(currentLocation()).toBe('/estimate-wizard-step2')
    expect(loadWizardData()).toMatchObject({ clientName: 'Lee Park', projectName: 'Pine roof', totalCost: '100' })
  })
})
