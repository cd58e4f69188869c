import { type Role, type RolePermission, SYSTEM_ROLE_PERMISSIONS } from '@plumbline/contracts'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import SettingsPage from '../src/pages/settings'
import { type Handler, json, mockApi, ORG_ID, renderWithProviders, USER } from './helpers/render'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const ROLES = `/api/organizations/${ORG_ID}/roles`
const system = (name: string, i: number): Role => ({
  id: `system-role-${name.toLowerCase()}`,
  name,
  description: `${name} role`,
  isSystemRole: true,
  memberCount: i === 0 ? 1 : 0,
})
const none = (module: string): RolePermission => ({
  module: module as RolePermission['module'],
  canAccess: false,
  canCreate: false,
  canEdit: false,
  canDelete: false,
  canShare: false,
})

/** A small roles service: list, create, permissions get/put, delete (refused while held). */
function rolesApi(custom: Role[] = []): Handler {
  const roles = [...['Owner', 'Admin', 'Member', 'Viewer'].map(system), ...custom]
  const matrices = new Map<string, RolePermission[]>()
  return (url, init) => {
    if (url.pathname === ROLES && init.method === 'GET') return json(roles)
    if (url.pathname === ROLES && init.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { name: string; description?: string }
      const role: Role = { id: `r${roles.length}`, name: body.name, description: body.description || null, isSystemRole: false, memberCount: 0 }
      roles.push(role)
      return json(role, 201)
    }
    const m = new RegExp(`^${ROLES}/([^/]+)(/permissions)?$`).exec(url.pathname)
    if (!m) return undefined
    const [, id, permissions] = m
    if (permissions && init.method === 'GET') return json(matrices.get(id) ?? ['cost_estimator', 'ai_notetaker', 'projects', 'team'].map(none))
    if (permissions && init.method === 'PUT') {
      matrices.set(id, JSON.parse(String(init.body)))
      return json(matrices.get(id))
    }
    if (init.method === 'DELETE') {
      const role = roles.find((r) => r.id === id)!
      if (role.memberCount) return json({ status: 409, message: 'This role is held by 2 members. Give each of them another role first.' }, 409)
      roles.splice(roles.indexOf(role), 1)
      return new Response(null, { status: 204 })
    }
    return undefined
  }
}

const open = () => renderWithProviders(<SettingsPage />, { path: '/settings?tab=roles' })

describe('Roles tab', () => {
  it('lists system roles read-only and the organisation’s own, with no coming-soon card', async () => {
    mockApi(rolesApi([{ id: 'r9', name: 'Estimator', description: 'Prices jobs', isSystemRole: false, memberCount: 2 }]))
    open()
    const own = await screen.findByRole('region', { name: 'Role Estimator' })
    expect(within(own).getByText('2 members')).toBeTruthy()
    expect(within(own).getByRole('button', { name: 'Delete Estimator' })).toBeTruthy()
    const owner = screen.getByRole('region', { name: 'Role Owner' })
    expect(within(owner).getByText('System')).toBeTruthy()
    expect(within(owner).queryByRole('button', { name: /Delete|Edit/ })).toBeNull()
    expect(screen.queryByText(/coming soon/)).toBeNull()
  })

  it('says "Role name is required" before sending anything, then creates the role', async () => {
    const { calls } = mockApi(rolesApi())
    open()
    fireEvent.click(await screen.findByRole('button', { name: 'Create Role' }))
    expect(await screen.findByText('Role name is required')).toBeTruthy()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
    fireEvent.change(screen.getByLabelText('Role Name'), { target: { value: 'Crew Lead' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create Role' }))
    expect(await screen.findByRole('region', { name: 'Role Crew Lead' })).toBeTruthy()
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Crew Lead', description: '' })
  })

  it('edits a custom role’s matrix and sends every module; a system role’s matrix is read-only', async () => {
    const { calls } = mockApi(rolesApi([{ id: 'r9', name: 'Estimator', description: null, isSystemRole: false, memberCount: 0 }]))
    open()
    fireEvent.click(await screen.findByRole('button', { name: 'Permissions of Estimator' }))
    const access = await screen.findByRole('checkbox', { name: 'Cost Estimator: Access' })
    fireEvent.click(access)
    fireEvent.click(screen.getByRole('checkbox', { name: 'Cost Estimator: Create' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save Permissions' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true))
    const sent = calls.find((c) => c.method === 'PUT')!.body as RolePermission[]
    expect(sent).toHaveLength(4)
    expect(sent.find((r) => r.module === 'cost_estimator')).toMatchObject({ canAccess: true, canCreate: true, canEdit: false })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    fireEvent.click(screen.getByRole('button', { name: 'Permissions of Viewer' }))
    const locked = await screen.findByRole('checkbox', { name: 'Team: Access' })
    expect((locked as HTMLButtonElement).disabled).toBe(true)
    expect(screen.queryByRole('button', { name: 'Save Permissions' })).toBeNull()
  })

  it('asks before deleting and shows the server’s refusal for a role in use', async () => {
    mockApi(rolesApi([{ id: 'r9', name: 'Estimator', description: null, isSystemRole: false, memberCount: 2 }]))
    open()
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Estimator' }))
    expect(await screen.findByText(/2 members hold this role/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Delete Role' }))
    expect(await screen.findByText('This role is held by 2 members. Give each of them another role first.')).toBeTruthy()
  })

  it('offers Retry when the roles cannot be loaded', async () => {
    let fail = true
    mockApi((url) => (url.pathname === ROLES ? (fail ? json({ message: 'auth is down' }, 503) : json([system('Owner', 0)])) : undefined))
    open()
    expect(await screen.findByText('Could not load roles')).toBeTruthy()
    fail = false
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }))
    expect(await screen.findByRole('region', { name: 'Role Owner' })).toBeTruthy()
  })
})

describe('the matrix grants only what the viewer holds (Owners excepted)', () => {
  const adminUser = {
    ...USER,
    organizations: [{ id: ORG_ID, name: 'Demo Construction Co.', role: 'Admin', permissions: SYSTEM_ROLE_PERMISSIONS.Admin }],
  }
  const openAs = (user: unknown) => renderWithProviders(<SettingsPage />, { path: '/settings?tab=roles', user })

  it('an Admin cannot tick Team: Delete or Share; what it holds it can', async () => {
    const { calls } = mockApi(rolesApi([{ id: 'r9', name: 'Estimator', description: null, isSystemRole: false, memberCount: 0 }]))
    openAs(adminUser)
    fireEvent.click(await screen.findByRole('button', { name: 'Permissions of Estimator' }))
    const teamDelete = (await screen.findByRole('checkbox', { name: 'Team: Delete' })) as HTMLButtonElement
    expect(teamDelete.disabled).toBe(true)
    expect(teamDelete.title).toBe('Your role does not hold this permission, so you cannot grant it')
    expect((screen.getByRole('checkbox', { name: 'Team: Share' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByRole('checkbox', { name: 'Team: Edit' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save Permissions' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true))
    expect((calls.find((c) => c.method === 'PUT')!.body as RolePermission[]).find((r) => r.module === 'team')).toMatchObject({
      canEdit: true,
      canDelete: false,
    })
  })

  it('a role carrying more than the Admin holds is read-only to it, and says why', async () => {
    mockApi(
      (url, init) =>
        url.pathname === `${ROLES}/r9/permissions` && init.method === 'GET' ? json([{ ...none('team'), canAccess: true, canDelete: true }]) : undefined,
      rolesApi([{ id: 'r9', name: 'Super', description: null, isSystemRole: false, memberCount: 1 }]),
    )
    openAs(adminUser)
    fireEvent.click(await screen.findByRole('button', { name: 'Permissions of Super' }))
    expect(await screen.findByText('This role carries permissions your own role does not hold; only an Owner can change it.')).toBeTruthy()
    expect((screen.getByRole('checkbox', { name: 'Cost Estimator: Access' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.queryByRole('button', { name: 'Save Permissions' })).toBeNull()
  })
})
