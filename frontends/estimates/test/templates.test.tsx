import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import TemplatesPage from '../src/pages/templates'
import { json, mockApi, ORG_ID, renderWithProviders, TEMPLATES } from './helpers/render'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const tplPath = `/api/organizations/${ORG_ID}/templates`
const render = () => renderWithProviders(<TemplatesPage />, { path: '/templates' })

describe('Template manager', () => {
  it('shows organisation and system grids, up to 2 sections per card', async () => {
    mockApi((url) => (url.pathname === tplPath ? json(TEMPLATES) : undefined))
    render()
    expect(await screen.findByRole('heading', { name: /Your Organization Templates/ })).toBeTruthy()
    const system = screen.getByRole('region', { name: /System Templates/ })
    const card = within(system).getByTestId('template-card')
    const sections = within(card).getByRole('list', { name: 'Sections' })
    expect(
      within(sections)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Tear-off1 item', 'Underlayment0 items', '+3 more'])
    expect(within(card).queryByRole('button', { name: /Delete/ })).toBeNull()
    const own = screen.getByRole('region', { name: /Your Organization Templates/ })
    expect(within(own).getByRole('button', { name: 'Delete Interior Repaint' })).toBeTruthy()
  })

  it("shows 'No templates yet' when the organisation has none", async () => {
    mockApi((url) => (url.pathname === tplPath ? json([TEMPLATES[0]]) : undefined))
    render()
    expect(await screen.findByText('No templates yet')).toBeTruthy()
  })

  it("shows 'Error loading templates: {message}'", async () => {
    mockApi((url) => (url.pathname === tplPath ? new Response('{"message":"service down"}', { status: 503 }) : undefined))
    render()
    expect(await screen.findByText('Error loading templates: service down')).toBeTruthy()
  })

  it('validates the form with the spec messages, then creates', async () => {
    const { calls } = mockApi((url, init) => {
      if (url.pathname !== tplPath) return undefined
      if (init.method === 'POST') return json({ ...TEMPLATES[1], id: 'new', name: 'Deck build' }, 201)
      return json([])
    })
    render()
    fireEvent.click(await screen.findByRole('button', { name: /New Template/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Create Template' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Template' }))
    expect(await within(dialog).findByText('Template name is required')).toBeTruthy()
    expect(within(dialog).getByText('Please select a category')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: /Add Section/ }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Template' }))
    expect(await within(dialog).findByText('Section name is required')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)
  })

  it('asks before deleting and reports a failed delete', async () => {
    const { calls } = mockApi((url, init) => {
      if (url.pathname === `${tplPath}/tpl-2` && init.method === 'DELETE') return new Response('{"message":"in use"}', { status: 409 })
      if (url.pathname === tplPath) return json(TEMPLATES)
      return undefined
    })
    render()
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Interior Repaint' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete template?' })
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false)
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Failed to delete template: in use')).toBeTruthy()
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true))
  })
})
