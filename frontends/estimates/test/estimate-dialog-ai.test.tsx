import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EstimateDialog } from '../src/pages/estimate-dialog'
import { catalogues, currentLocation, type Handler, json, mockApi, ORG_ID, renderWithProviders } from './helpers/render'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement
const EST = `/api/organizations/${ORG_ID}/estimates/est-ai`
const settings =
  (autoGenerateAI: boolean | undefined): Handler =>
  (url) =>
    url.pathname === `/api/organizations/${ORG_ID}/company-settings` ? json(autoGenerateAI === undefined ? {} : { autoGenerateAI }) : undefined
const provider: Handler = (url) =>
  url.pathname === '/api/ai/provider' ? json({ writer: 'built-in', model: null, label: 'Built-in writer (no external AI)' }) : undefined
const createOk: Handler = (url, init) =>
  init.method === 'POST' && url.pathname === `/api/organizations/${ORG_ID}/estimates` ? json({ id: 'est-ai' }, 201) : undefined

async function fillValidForm() {
  fireEvent.click(await screen.findByRole('radio', { name: /Roof Replacement/ }))
  fireEvent.change(input('Property Address'), { target: { value: '12 Oak St' } })
  fireEvent.change(input('Client Name'), { target: { value: 'Jane Doe' } })
  fireEvent.change(input('Client Email'), { target: { value: 'jane@example.com' } })
  fireEvent.change(input('Total Project Cost ($)'), { target: { value: '18500' } })
}

describe('create dialog: manual Generate AI Content', () => {
  it("refuses with 'Missing Information' until a project type and total cost are set", async () => {
    const { calls } = mockApi(settings(false), provider, catalogues)
    renderWithProviders(<EstimateDialog open onOpenChange={() => {}} />)
    const button = await screen.findByRole('button', { name: /Generate AI Content/ })
    fireEvent.click(button)
    expect(await screen.findByText('Missing Information')).toBeTruthy()
    expect(screen.getByText('Please select a project type and enter total cost before generating AI content')).toBeTruthy()
    // A type alone is not enough.
    fireEvent.click(await screen.findByRole('radio', { name: /Roof Replacement/ }))
    expect(button.getAttribute('aria-disabled')).toBe('true')
    expect(calls.some((c) => c.url.pathname === '/api/ai/generate-content')).toBe(false)
    fireEvent.change(input('Total Project Cost ($)'), { target: { value: '18500' } })
    expect(button.getAttribute('aria-disabled')).toBeNull()
  })

  it("generates, shows the text with its writer, toasts 'AI Content Generated' and saves it as the AI summary", async () => {
    let release: () => void = () => {}
    const { calls } = mockApi(settings(false), provider, catalogues, createOk, (url, init) => {
      if (init.method === 'POST' && url.pathname === '/api/ai/generate-content') {
        return new Promise<Response>((r) => (release = () => r(json({ content: 'Executive Summary\\nA new roof for Jane.', writer: 'built-in' }))))
      }
      return undefined
    })
    renderWithProviders(<EstimateDialog open onOpenChange={() => {}} />)
    await fillValidForm()
    fireEvent.click(screen.getByRole('button', { name: /Generate AI Content/ }))
    // Disabled while generating.
    const busy = await screen.findByRole('button', { name: /Generating/ })
    expect((busy as HTMLButtonElement).disabled).toBe(true)
    release()
    expect(await screen.findByText('AI Content Generated')).toBeTruthy()
    const box = screen.getByTestId('ai-generated-content')
    expect(box.textContent).toContain('A new roof for Jane.')
    expect(within(box).getByTestId('writer-label').textContent).toBe('Written by: Built-in writer (no external AI)')
    const gen = calls.find((c) => c.url.pathname === '/api/ai/generate-content')!
    // Spec 000 §7: the organisation goes in the body only (the gateway reads it there).
    expect(gen.url.search).toBe('')
    expect(gen.body).toMatchObject({ organizationId: ORG_ID, projectType: 'Roof Replacement' })
    expect((gen.body as { prompt: string }).prompt).toContain('Estimated total cost (USD): 18500')

    fireEvent.click(screen.getByRole('button', { name: 'Create Estimate' }))
    await waitFor(() => expect(currentLocation()).toBe('/estimates/est-ai'), { timeout: 3000 })
    const create = calls.find((c) => c.method === 'POST' && c.url.pathname.endsWith('/estimates'))!
    expect((create.body as { aiSummary: string }).aiSummary).toBe('Executive Summary\\nA new roof for Jane.')
    // Manual mode: no generate-all after creating.
    expect(calls.some((c) => c.url.pathname.endsWith('/generate-all-content'))).toBe(false)
  })

  it('toasts the spec failure text when generation fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    mockApi(settings(false), provider, catalogues, (url) =>
      url.pathname === '/api/ai/generate-content' ? new Response('{"message":"down"}', { status: 503 }) : undefined,
    )
    renderWithProviders(<EstimateDialog open onOpenChange={() => {}} />)
    await fillValidForm()
    fireEvent.click(screen.getByRole('button', { name: /Generate AI Content/ }))
    expect(await screen.findByText('Failed to generate AI content. You can still create the estimate without it.')).toBeTruthy()
    expect(screen.queryByTestId('ai-generated-content')).toBeNull()
  })
})

describe('create flow: automatic AI generation (steps 4-5)', () => {
  it('starts generate-all after creating, saves each non-empty block and opens the estimate', async () => {
    let release: () => void = () => {}
    const { calls } = mockApi(settings(undefined), provider, catalogues, createOk, (url, init) => {
      if (init.method === 'POST' && url.pathname === `${EST}/generate-all-content`)
        return new Promise<Response>((r) => (release = () => r(json({ jobId: 'job-1' }, 202))))
      if (url.pathname === `/api/organizations/${ORG_ID}/jobs/job-1/status`) {
        return json({
          status: 'completed',
          error: null,
          message: null,
          result: { writer: 'built-in', contentBlocks: { executive_summary: 'Summary.', timeline: '  ', scope_of_work: 'Scope.' } },
        })
      }
      if (init.method === 'PATCH' && url.pathname.startsWith(`${EST}/content/`)) {
        // A failed section save is only logged; the others still land.
        return url.pathname.endsWith('/scope_of_work') ? new Response('boom', { status: 500 }) : json({ ok: true })
      }
      return undefined
    })
    const err = vi.spyOn(console, 'error').mockImplementation(() => {})
    renderWithProviders(<EstimateDialog open onOpenChange={() => {}} />)
    expect((await screen.findByTestId('ai-mode-badge')).textContent).toBe('Auto')
    await fillValidForm()
    fireEvent.click(screen.getByRole('button', { name: 'Create Estimate' }))
    expect(await screen.findByText('Generating AI content...')).toBeTruthy()
    // Spec 000 §4: step 4 of 4 fills the bar (step / 4 × 100, capped at 100).
    expect(screen.getByRole('progressbar', { name: 'Estimate progress' }).getAttribute('aria-valuenow')).toBe('100')
    release()
    await waitFor(() => expect(currentLocation()).toBe('/estimates/est-ai'), { timeout: 4000 })
    expect(screen.getByText('Estimate created with AI-generated content!')).toBeTruthy()
    const patches = calls.filter((c) => c.method === 'PATCH').map((c) => [c.url.pathname.split('/').pop(), c.body])
    expect(patches).toEqual([
      ['executive_summary', { content: 'Summary.' }],
      ['scope_of_work', { content: 'Scope.' }],
    ])
    expect(err).toHaveBeenCalled()
  })

  it("keeps the estimate and shows 'AI Generation Notice' when generation fails or no job id comes back", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    mockApi(settings(true), provider, catalogues, createOk, (url, init) =>
      init.method === 'POST' && url.pathname === `${EST}/generate-all-content` ? json({}, 202) : undefined,
    )
    renderWithProviders(<EstimateDialog open onOpenChange={() => {}} />)
    await fillValidForm()
    fireEvent.click(screen.getByRole('button', { name: 'Create Estimate' }))
    await waitFor(() => expect(currentLocation()).toBe('/estimates/est-ai'), { timeout: 4000 })
    expect(screen.getByText('AI Generation Notice')).toBeTruthy()
    expect(
      screen.getByText(
        'AI content generation failed, but your estimate was created successfully. You can manually add content or try regenerating from the estimate page.',
      ),
    ).toBeTruthy()
  })
})
