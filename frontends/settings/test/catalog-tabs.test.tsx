import type { PhaseGroup, ProjectType } from '@plumbline/contracts'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import SettingsPage from '../src/pages/settings'
import { type Handler, json, mockApi, ORG_ID, renderWithProviders } from './helpers/render'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const BASE = `/api/organizations/${ORG_ID}`
const phase = (id: string, name: string, percentage: string, groupId = 'g-own', sortOrder = 1) => ({
  id,
  phaseGroupId: groupId,
  name,
  description: null,
  percentage,
  costCode: null,
  sortOrder,
})
const group = (over: Partial<PhaseGroup>): PhaseGroup => ({
  id: 'g',
  name: 'G',
  description: null,
  isSystemTemplate: false,
  phases: [],
  projectTypes: [],
  ...over,
})
const linked = (id: string, name: string, isDefault = false) => ({ id, name, description: null, isDefault, phases: [] })
const type = (over: Partial<ProjectType>): ProjectType => ({
  id: 't',
  name: 'T',
  description: null,
  icon: 'package',
  isSystemTemplate: false,
  phaseGroups: [],
  ...over,
})

const GROUPS: PhaseGroup[] = [
  group({
    id: 'g-sys',
    name: 'Standard Residential',
    isSystemTemplate: true,
    phases: [phase('s1', 'Site Prep', '60.00', 'g-sys'), phase('s2', 'Framing', '40.00', 'g-sys')],
  }),
  group({
    id: 'g-own',
    name: 'Solar install',
    phases: [phase('p1', 'Mounting', '70.00'), phase('p2', 'Electrical', '40.00')],
    projectTypes: [{ id: 't-own', name: 'Solar', isDefault: true }],
  }),
  group({ id: 'g-under', name: 'Half done', phases: [phase('u1', 'Only', '50.00', 'g-under')] }),
]
const TYPES: ProjectType[] = [
  type({ id: 't-sys', name: 'Roofing', icon: 'home', isSystemTemplate: true, phaseGroups: [linked('g-sys', 'Standard Residential', true)] }),
  type({
    id: 't-own',
    name: 'Solar',
    icon: 'layers',
    phaseGroups: [linked('g-own', 'Solar install', true), linked('g-sys', 'Standard Residential'), linked('g-under', 'Half done')],
  }),
]

/** GETs answer the lists; writes answer what `writes` says (default 201/200 with the body echoed). */
function catalogApi(writes: Record<string, () => Response> = {}): Handler {
  return (url, init) => {
    const path = url.pathname.slice(BASE.length)
    if (!url.pathname.startsWith(BASE)) return undefined
    const key = `${init.method} ${path}`
    if (writes[key]) return writes[key]()
    if (key === 'GET /phase-groups') return json(GROUPS)
    if (key === 'GET /project-types') return json(TYPES)
    if (init.method === 'DELETE') return new Response(null, { status: 204 })
    if (init.method === 'POST' || init.method === 'PUT') return json({ id: 'new', ...JSON.parse(String(init.body)) }, init.method === 'POST' ? 201 : 200)
    return undefined
  }
}

const region = (name: string) => screen.findByRole('region', { name })

describe('Phase Groups tab', () => {
  it('lists the organisation’s groups (editable) and system ones (read-only) with balanced, over and unallocated states', async () => {
    mockApi(catalogApi())
    renderWithProviders(<SettingsPage />, { path: '/settings?tab=phase-groups' })
    const own = await region('Phase group Solar install')
    expect(within(own).getByRole('status').textContent).toBe('Over-allocated by 10.00% (110.00% allocated)')
    expect(within(own).getByRole('status').getAttribute('data-state')).toBe('over')
    expect(within(await region('Phase group Half done')).getByRole('status').textContent).toBe('50.00% unallocated (50.00% allocated)')
    const system = await region('Phase group Standard Residential')
    expect(within(system).getByRole('status').textContent).toBe('Balanced: 100.00% allocated')
    expect(within(system).getByText('System')).toBeTruthy()
    expect(within(system).queryByRole('button', { name: /Edit|Delete|Add Phase/ })).toBeNull()
    expect(within(own).getByRole('button', { name: 'Edit Solar install' })).toBeTruthy()
    expect(screen.queryByText(/coming soon/)).toBeNull()
  })

  it('checks names and percentages with the spec messages before sending', async () => {
    const { calls } = mockApi(catalogApi())
    renderWithProviders(<SettingsPage />, { path: '/settings?tab=phase-groups' })
    fireEvent.click(await screen.findByRole('button', { name: 'Create Phase Group' }))
    expect(await screen.findByText('Phase group name is required')).toBeTruthy()
    const own = await region('Phase group Solar install')
    fireEvent.change(within(own).getByLabelText('Percentage'), { target: { value: '100.5' } })
    fireEvent.click(within(own).getByRole('button', { name: 'Add Phase' }))
    expect(await within(own).findByText('Phase name is required')).toBeTruthy()
    expect(within(own).getByText('Percentage must be between 0 and 100')).toBeTruthy()
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0)
  })

  it('adds a phase with the spec payload and edits one inline', async () => {
    const { calls } = mockApi(catalogApi())
    renderWithProviders(<SettingsPage />, { path: '/settings?tab=phase-groups' })
    const own = await region('Phase group Solar install')
    fireEvent.change(within(own).getByLabelText('Phase Name'), { target: { value: 'Inspection' } })
    fireEvent.change(within(own).getByLabelText('Percentage'), { target: { value: '12.25' } })
    fireEvent.change(within(own).getByLabelText('Cost Codes'), { target: { value: '01-100, 01-200' } })
    fireEvent.click(within(own).getByRole('button', { name: 'Add Phase' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true))
    const post = calls.find((c) => c.method === 'POST')!
    expect(post.url.pathname).toBe(`${BASE}/phase-groups/g-own/phases`)
    expect(post.body).toEqual({ name: 'Inspection', description: '', costCodes: '01-100, 01-200', defaultPercentage: '12.25' })

    fireEvent.click(within(own).getByRole('button', { name: 'Edit phase Mounting' }))
    const name = within(own).getByDisplayValue('Mounting')
    fireEvent.change(name, { target: { value: 'Racking' } })
    fireEvent.click(within(own).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true))
    const put = calls.find((c) => c.method === 'PUT')!
    expect(put.url.pathname).toBe(`${BASE}/phases/p1`)
    expect(put.body).toMatchObject({ name: 'Racking', defaultPercentage: '70', sortOrder: 1 })
  })

  it('deleting a linked group asks first, naming the project types it unlinks', async () => {
    const { calls } = mockApi(catalogApi())
    renderWithProviders(<SettingsPage />, { path: '/settings?tab=phase-groups' })
    fireEvent.click(within(await region('Phase group Solar install')).getByRole('button', { name: 'Delete Solar install' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(/It is linked to Solar; deleting it unlinks it from that project type/)).toBeTruthy()
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Phase Group' }))
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual([`${BASE}/phase-groups/g-own`]))
  })

  it('a failure that carries no server message shows "Failed to create phase group"', async () => {
    mockApi(
      catalogApi({
        'POST /phase-groups': () => {
          throw new TypeError('Failed to fetch')
        },
      }),
    )
    renderWithProviders(<SettingsPage />, { path: '/settings?tab=phase-groups' })
    fireEvent.change(await screen.findByLabelText('Phase Group Name'), { target: { value: 'Decks' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create Phase Group' }))
    expect(await screen.findByText('Failed to create phase group')).toBeTruthy()
  })
})

describe('Project Types tab', () => {
  it('shows up to 2 linked groups then "+N more", and system types are read-only with the spec toast', async () => {
    mockApi(catalogApi())
    renderWithProviders(<SettingsPage />, { path: '/settings?tab=project-types' })
    const solar = await region('Project type Solar')
    const groups = within(solar).getByLabelText('Linked phase groups')
    expect(within(groups).getByText('Solar install')).toBeTruthy()
    expect(within(groups).getByText('Standard Residential')).toBeTruthy()
    expect(within(groups).queryByText('Half done')).toBeNull()
    expect(within(groups).getByText('+1 more')).toBeTruthy()

    const roofing = await region('Project type Roofing')
    expect(within(roofing).queryByRole('button', { name: /Delete|Phase Groups/ })).toBeNull()
    fireEvent.click(within(roofing).getByRole('button', { name: 'Edit Roofing' }))
    expect(await screen.findByText('Cannot Edit System Template')).toBeTruthy()
    expect(screen.getByText('System default project types cannot be edited. They are built-in templates provided by the system.')).toBeTruthy()
  })

  it('creates a type with the chosen icon; a blank name says "Project type name is required"', async () => {
    const { calls } = mockApi(catalogApi())
    renderWithProviders(<SettingsPage />, { path: '/settings?tab=project-types' })
    fireEvent.click(await screen.findByRole('button', { name: 'Create Project Type' }))
    expect(await screen.findByText('Project type name is required')).toBeTruthy()
    expect(screen.getByText(/Creating custom project types is an administrator action/)).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Project Type Name'), { target: { value: 'Decks' } })
    fireEvent.click(screen.getAllByRole('radio', { name: 'hammer' })[0]!)
    fireEvent.click(screen.getByRole('button', { name: 'Create Project Type' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true))
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'Decks', description: '', icon: 'hammer' })
  })

  it('edits an own type inline and links, defaults and unlinks phase groups in the dialog', async () => {
    const { calls } = mockApi(catalogApi())
    renderWithProviders(<SettingsPage />, { path: '/settings?tab=project-types' })
    const solar = await region('Project type Solar')
    fireEvent.click(within(solar).getByRole('button', { name: 'Edit Solar' }))
    fireEvent.change(within(solar).getByLabelText('Project Type Name'), { target: { value: 'Solar PV' } })
    fireEvent.click(within(solar).getByRole('radio', { name: 'building' }))
    fireEvent.click(within(solar).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true))
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ name: 'Solar PV', description: '', icon: 'building' })

    fireEvent.click(within(await region('Project type Solar')).getByRole('button', { name: 'Link phase groups to Solar' }))
    const dialog = await screen.findByRole('dialog')
    const half = await within(dialog).findByRole('listitem', { name: 'Group Half done' })
    fireEvent.click(within(half).getByRole('button', { name: 'Make Default' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true))
    const post = calls.find((c) => c.method === 'POST')!
    expect(post.url.pathname).toBe(`${BASE}/project-types/t-own/phase-groups/g-under/link`)
    expect(post.body).toEqual({ isDefault: true })
    fireEvent.click(within(within(dialog).getByRole('listitem', { name: 'Group Standard Residential' })).getByRole('button', { name: 'Unlink' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true))
    expect(calls.find((c) => c.method === 'DELETE')!.url.pathname).toBe(`${BASE}/project-types/t-own/phase-groups/g-sys/link`)
  })

  it('a refused change shows the server message', async () => {
    mockApi(
      catalogApi({
        'DELETE /project-types/t-own': () =>
          new Response(JSON.stringify({ status: 409, message: 'Solar is in use' }), { status: 409, headers: { 'Content-Type': 'application/problem+json' } }),
      }),
    )
    renderWithProviders(<SettingsPage />, { path: '/settings?tab=project-types' })
    fireEvent.click(within(await region('Project type Solar')).getByRole('button', { name: 'Delete Solar' }))
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete Project Type' }))
    expect(await screen.findByText(/Solar is in use/)).toBeTruthy()
  })
})
