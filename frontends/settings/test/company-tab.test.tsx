import { BUILT_IN_TEMPLATES } from '@plumbline/contracts'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import SettingsPage from '../src/pages/settings'
import { json, mockApi, renderWithProviders, SETTINGS_PATH, settingsApi, settingsOf } from './helpers/render'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const region = (name: string) => screen.getByRole('region', { name })
const saveButton = () => screen.getByRole('button', { name: /Save Changes|Saving/ })

describe('Company tab: loading and saving', () => {
  it('is the default tab and fills the four cards from the settings', async () => {
    mockApi(settingsApi(settingsOf({ enableLineItems: true, aiPromptTemplate: 'Write for {{clientName}}' })))
    renderWithProviders(<SettingsPage />)
    expect(await screen.findByDisplayValue('Demo Construction Co.')).toBeTruthy()
    expect(screen.getByRole('tab', { name: /Company/ }).getAttribute('aria-selected')).toBe('true')
    for (const name of ['Company Profile', 'AI Configuration', 'Technical Settings', 'Feature Configuration']) expect(region(name)).toBeTruthy()
    expect((screen.getByLabelText('Line items') as HTMLButtonElement).getAttribute('aria-checked')).toBe('true')
    expect((screen.getByLabelText('Markup profiles') as HTMLButtonElement).getAttribute('aria-checked')).toBe('false')
    expect((screen.getByLabelText('Prompt Template') as HTMLTextAreaElement).value).toBe('Write for {{clientName}}')
    expect(screen.getByText('All changes saved')).toBeTruthy()
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true)
  })

  it('sends only the changed fields, then is clean again', async () => {
    const { calls } = mockApi(settingsApi())
    renderWithProviders(<SettingsPage />)
    const name = await screen.findByLabelText('Company Name')
    fireEvent.change(name, { target: { value: 'Acme Builders' } })
    fireEvent.click(screen.getByLabelText('Sections'))
    expect(screen.getByText('2 unsaved changes')).toBeTruthy()
    fireEvent.click(saveButton())
    expect(await screen.findByText('Company settings were updated.')).toBeTruthy()
    const puts = calls.filter((c) => c.method === 'PUT')
    expect(puts).toHaveLength(1)
    expect(puts[0]!.body).toEqual({ companyName: 'Acme Builders', enableSections: true })
    expect(screen.getByText('All changes saved')).toBeTruthy()
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true)
  })

  it('starts the prompt from a built-in template, asking before it replaces written text', async () => {
    const { calls } = mockApi(settingsApi(settingsOf({ aiPromptTemplate: 'My own words' })))
    renderWithProviders(<SettingsPage />)
    const editor = (await screen.findByLabelText('Prompt Template')) as HTMLTextAreaElement
    const confirm = vi.fn(() => false)
    vi.stubGlobal('confirm', confirm)
    fireEvent.click(screen.getByRole('button', { name: 'Use this template' }))
    expect(confirm).toHaveBeenCalledOnce()
    expect(editor.value).toBe('My own words')
    confirm.mockReturnValue(true)
    fireEvent.click(screen.getByRole('button', { name: 'Use this template' }))
    expect(editor.value).toBe(BUILT_IN_TEMPLATES.residential_construction.text)
    fireEvent.click(saveButton())
    expect(await screen.findByText('Company settings were updated.')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'PUT')[0]!.body).toEqual({ aiPromptTemplate: BUILT_IN_TEMPLATES.residential_construction.text })
  })

  it('typing a value back to what is saved is no change', async () => {
    mockApi(settingsApi())
    renderWithProviders(<SettingsPage />)
    const name = await screen.findByLabelText('Company Name')
    fireEvent.change(name, { target: { value: 'Other' } })
    expect((saveButton() as HTMLButtonElement).disabled).toBe(false)
    fireEvent.change(name, { target: { value: 'Demo Construction Co. ' } })
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true)
  })

  it('the variance setting steps by 0.01 with the placeholder 10.00 (spec 001 §9)', async () => {
    mockApi(settingsApi())
    renderWithProviders(<SettingsPage />)
    const variance = await screen.findByLabelText('Variance Range (%)')
    expect(variance.getAttribute('step')).toBe('0.01')
    expect(variance.getAttribute('placeholder')).toBe('10.00')
  })

  it('blocks saving invalid JSON and says why under the field', async () => {
    const { calls } = mockApi(settingsApi())
    renderWithProviders(<SettingsPage />)
    const box = await screen.findByLabelText('Branding Colours (JSON)')
    fireEvent.change(box, { target: { value: '{"primary": "#123456",}' } })
    fireEvent.blur(box)
    const message = await within(region('Technical Settings')).findByText(/^Branding colours must be valid JSON: /)
    expect(box.getAttribute('aria-invalid')).toBe('true')
    expect(box.getAttribute('aria-describedby')).toBe(message.id)
    fireEvent.click(saveButton())
    expect(await screen.findByText('Check the highlighted fields')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0)
  })

  it("shows the contract's message for a bad email after leaving the field", async () => {
    mockApi(settingsApi())
    renderWithProviders(<SettingsPage />)
    const email = await screen.findByLabelText('Company Email')
    fireEvent.change(email, { target: { value: 'office@' } })
    expect(screen.queryByText('Please enter a valid email')).toBeNull()
    fireEvent.blur(email)
    expect(await screen.findByText('Please enter a valid email')).toBeTruthy()
  })

  it('previews brand colours while the JSON is valid', async () => {
    mockApi(settingsApi(settingsOf({ brandingColors: { primary: '#1e40af', secondary: '#f59e0b' } })))
    renderWithProviders(<SettingsPage />)
    const swatches = await screen.findByRole('list', { name: 'Brand colour preview' })
    expect(within(swatches).getByText('#1e40af')).toBeTruthy()
    expect(within(swatches).getByText('#f59e0b')).toBeTruthy()
  })

  it("shows the server's message when saving fails, else the spec's fallback", async () => {
    let answer = () => new Response(JSON.stringify({ status: 403, message: 'You do not have permission to edit company settings' }), { status: 403 })
    mockApi((url, init) => (url.pathname === SETTINGS_PATH && init.method === 'PUT' ? answer() : undefined), settingsApi())
    renderWithProviders(<SettingsPage />)
    fireEvent.change(await screen.findByLabelText('Company Phone'), { target: { value: '555-0100' } })
    fireEvent.click(saveButton())
    expect(await screen.findByText('You do not have permission to edit company settings')).toBeTruthy()
    answer = () => new Response('<html>bad gateway</html>', { status: 502 })
    fireEvent.click(saveButton())
    expect(await screen.findByText('Failed to update company settings')).toBeTruthy()
    expect(screen.getByText('1 unsaved change')).toBeTruthy()
  })

  it("puts the server's field messages under their fields until the field changes", async () => {
    const problem = { status: 400, message: 'website: Website did not answer', errors: [{ field: 'website', message: 'Website did not answer' }] }
    mockApi(
      (url, init) => (url.pathname === SETTINGS_PATH && init.method === 'PUT' ? new Response(JSON.stringify(problem), { status: 400 }) : undefined),
      settingsApi(),
    )
    renderWithProviders(<SettingsPage />)
    const website = await screen.findByLabelText('Website')
    fireEvent.change(website, { target: { value: 'https://gone.example' } })
    fireEvent.click(saveButton())
    const message = await within(region('Company Profile')).findByText('Website did not answer')
    expect(website.getAttribute('aria-describedby')).toBe(message.id)
    fireEvent.change(website, { target: { value: 'https://new.example' } })
    expect(within(region('Company Profile')).queryByText('Website did not answer')).toBeNull()
  })

  it('shows a skeleton, then an error with Retry that loads again', async () => {
    let fail = true
    mockApi((url, init) => {
      if (url.pathname !== SETTINGS_PATH || init.method !== 'GET') return undefined
      return fail ? new Response('{"message":"admin is down"}', { status: 503 }) : json(settingsOf())
    })
    renderWithProviders(<SettingsPage />)
    expect(screen.getByLabelText('Loading company settings')).toBeTruthy()
    expect(await screen.findByText('Could not load company settings')).toBeTruthy()
    expect(screen.getByText('admin is down')).toBeTruthy()
    fail = false
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }))
    expect(await screen.findByDisplayValue('Demo Construction Co.')).toBeTruthy()
  })
})

describe('Settings tabs', () => {
  it('opens the tab the URL names, among all five', async () => {
    mockApi(settingsApi(), (url) => (url.pathname.endsWith('/roles') ? json([]) : undefined))
    renderWithProviders(<SettingsPage />, { path: '/settings?tab=roles' })
    expect(await screen.findByText('No custom roles yet')).toBeTruthy()
    expect(screen.getByRole('tab', { name: /Roles/ }).getAttribute('aria-selected')).toBe('true')
    for (const t of ['Company', 'Phase Groups', 'Project Types', 'Activity', 'Roles']) expect(screen.getByRole('tab', { name: new RegExp(t) })).toBeTruthy()
  })

  it('tells a user without an organization to refresh', async () => {
    mockApi()
    renderWithProviders(<SettingsPage />, { user: { id: 'u2', email: 'x@y.z', firstName: null, lastName: null, systemRole: 'user', organizations: [] } })
    expect(await screen.findByText('No organization found. Your organization may still be loading.')).toBeTruthy()
    expect(screen.getByRole('button', { name: /Refresh/ })).toBeTruthy()
  })
})

describe('AI Configuration', () => {
  const preview = () => screen.getByRole('button', { name: 'Preview' })

  it("says 'No Template' and sends nothing for a blank template", async () => {
    const { calls } = mockApi(settingsApi())
    renderWithProviders(<SettingsPage />)
    fireEvent.change(await screen.findByLabelText('Prompt Template'), { target: { value: '   \n ' } })
    fireEvent.click(preview())
    expect(await screen.findByText('No Template')).toBeTruthy()
    expect(screen.getByText('Please enter a prompt template before generating preview')).toBeTruthy()
    expect(calls.some((c) => c.url.pathname === '/api/ai/generate-content')).toBe(false)
  })

  it('previews with sample values and names the writer', async () => {
    const { calls } = mockApi(
      (url, init) =>
        url.pathname === '/api/ai/generate-content' && init.method === 'POST'
          ? json({ content: 'A fine kitchen remodel overview.', writer: 'openai' })
          : undefined,
      settingsApi(),
    )
    renderWithProviders(<SettingsPage />)
    fireEvent.change(await screen.findByLabelText('Prompt Template'), { target: { value: 'Overview for {{clientName}} by {{companyName}}' } })
    fireEvent.click(preview())
    const panel = await screen.findByRole('region', { name: 'Prompt preview' })
    expect(within(panel).getByText('A fine kitchen remodel overview.')).toBeTruthy()
    expect(within(panel).getByText('Written by OpenAI')).toBeTruthy()
    const call = calls.find((c) => c.url.pathname === '/api/ai/generate-content')!
    expect(call.body).toEqual({ organizationId: 'org-1', prompt: 'Overview for Jordan Lee by Demo Construction Co.', projectType: 'Kitchen Remodel' })
    expect(call.url.search).toBe('')
  })

  it('labels the built-in writer and reports a failed preview', async () => {
    let ok = true
    mockApi(
      (url) =>
        url.pathname === '/api/ai/generate-content'
          ? ok
            ? json({ content: 'Text', writer: 'built-in' })
            : new Response('{"message":"boom"}', { status: 500 })
          : undefined,
      settingsApi(),
    )
    renderWithProviders(<SettingsPage />)
    fireEvent.change(await screen.findByLabelText('Prompt Template'), { target: { value: 'Hi' } })
    fireEvent.click(preview())
    expect(await screen.findByText('Written by the built-in writer')).toBeTruthy()
    ok = false
    fireEvent.click(preview())
    const failed = await screen.findByText('Failed to generate preview. Please check your prompt template.')
    // Spec 001 §8: failures are toasts titled "Error".
    expect(within(failed.closest('li')!).getByText('Error', { exact: true })).toBeTruthy()
  })

  it('inserts a variable chip at the cursor', async () => {
    mockApi(settingsApi())
    renderWithProviders(<SettingsPage />)
    const box = (await screen.findByLabelText('Prompt Template')) as HTMLTextAreaElement
    fireEvent.change(box, { target: { value: 'Dear , thanks' } })
    box.setSelectionRange(5, 5)
    fireEvent.click(screen.getByRole('button', { name: 'Insert {{clientName}}' }))
    await waitFor(() => expect(box.value).toBe('Dear {{clientName}}, thanks'))
    expect(box.selectionStart).toBe(19)
    expect(screen.getAllByRole('button', { name: /^Insert \{\{/ })).toHaveLength(12)
  })
})
