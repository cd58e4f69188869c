import type { AdminOrganization, AdminUser } from '@plumbline/contracts'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import App, { ACCESS_DENIED } from '../src/app'
import { ADMIN, json, mockApi, renderAt, route } from './helpers/render'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const userOf = (i: number, over: Partial<AdminUser> = {}): AdminUser => ({
  id: `u${i}`,
  email: `user${i}@example.com`,
  firstName: `First${i}`,
  lastName: 'Last',
  profileImageUrl: null,
  systemRole: 'user',
  createdAt: new Date(Date.UTC(2026, 10, i + 1)).toISOString(),
  organizations: [{ organizationId: 'org-a', organizationName: i % 2 ? 'Acme Builders' : 'Beam Co' }],
  ...over,
})
const USERS = [userOf(0, { id: ADMIN.id, email: ADMIN.email, systemRole: 'admin' }), ...Array.from({ length: 11 }, (_, i) => userOf(i + 1))]
const ORGS: AdminOrganization[] = [
  {
    id: 'org-a',
    name: 'Acme Builders',
    roles: [
      { id: 'r-owner', name: 'Owner' },
      { id: 'r-member', name: 'Member' },
    ],
  },
  {
    id: 'org-b',
    name: 'Beam Co',
    roles: [
      { id: 'r-owner', name: 'Owner' },
      { id: 'r-viewer', name: 'Viewer' },
    ],
  },
]
const adminApi = (extra: ReturnType<typeof route>[] = []) =>
  mockApi(
    ...extra,
    route('GET', '/api/admin/check', () => json({ isAdmin: true })),
    route('GET', '/api/admin/users', () => json(USERS)),
    route('GET', '/api/admin/organizations', () => json(ORGS)),
    route('GET', '/api/admin/audit', () => json([])),
  )

const dialog = () => screen.getByRole('dialog')

describe('admin access', () => {
  it('shows Access Denied when the server check fails, whatever the browser thinks the role is', async () => {
    const calls = mockApi(route('GET', '/api/admin/check', () => json({ message: 'Forbidden' }, 403)))
    renderAt(<App />)
    expect(await screen.findByText(ACCESS_DENIED)).toBeTruthy()
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/admin/check'])
  })
})

describe('System Users', () => {
  it('counts every user, pages by 10, searches, and has no delete button on the admin’s own row', async () => {
    adminApi()
    renderAt(<App />)
    expect(await screen.findByRole('heading', { name: 'System Users (12)' })).toBeTruthy()
    expect(screen.getAllByRole('row')).toHaveLength(11)
    expect(screen.getByText('Page 1 of 2')).toBeTruthy()
    expect(screen.queryByRole('button', { name: `Delete ${ADMIN.email}` })).toBeNull()
    expect(screen.getByRole('button', { name: `Edit membership of ${ADMIN.email}` })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Delete user1@example.com' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(screen.getByText('Page 2 of 2')).toBeTruthy()
    expect(screen.getByText('user11@example.com')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: 'user1' } })
    const rows = screen.getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getByText(/@example.com/).textContent)).toEqual(['user1@example.com', 'user10@example.com', 'user11@example.com'])
    expect(screen.queryByText(/Page \d of/)).toBeNull()
  })

  it('checks the create form with the spec texts before sending anything', async () => {
    const calls = adminApi()
    renderAt(<App />)
    fireEvent.click(await screen.findByRole('button', { name: 'Create User' }))
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Create User' }))
    expect(await within(dialog()).findByText('Email is required.')).toBeTruthy()
    fireEvent.change(within(dialog()).getByLabelText('Email'), { target: { value: 'new@example.com' } })
    fireEvent.click(within(dialog()).getByLabelText('Set a custom password'))
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Create User' }))
    expect(await within(dialog()).findByText('Password is required when setting custom password.')).toBeTruthy()
    fireEvent.change(within(dialog()).getByLabelText('Password'), { target: { value: 'short' } })
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Create User' }))
    expect(await within(dialog()).findByText('Password must be at least 8 characters long.')).toBeTruthy()
    fireEvent.change(within(dialog()).getByLabelText('Password'), { target: { value: 'long-enough' } })
    fireEvent.change(within(dialog()).getByLabelText('Confirm Password'), { target: { value: 'long-enougj' } })
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Create User' }))
    expect(await within(dialog()).findByText('Passwords do not match.')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)
  })

  it('creates in generate mode, resets the role when the organisation changes, and shows the password once', async () => {
    const calls = adminApi([
      route('POST', '/api/admin/users/create', () => json({ userId: 'u99', mode: 'generate', temporaryPassword: 'Temp-Pass-1234' }, 201)),
    ])
    const writeText = vi.fn(async () => {
      throw new Error('denied')
    })
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    renderAt(<App />)
    fireEvent.click(await screen.findByRole('button', { name: 'Create User' }))
    fireEvent.change(within(dialog()).getByLabelText('Email'), { target: { value: ' New@Example.com ' } })
    fireEvent.change(within(dialog()).getByLabelText('First Name'), { target: { value: 'Nia' } })
    const org = within(dialog()).getByLabelText('Organization') as HTMLSelectElement
    const role = within(dialog()).getByLabelText('Role') as HTMLSelectElement
    await waitFor(() => expect(org.options).toHaveLength(3))
    fireEvent.change(org, { target: { value: 'org-a' } })
    fireEvent.change(role, { target: { value: 'r-member' } })
    fireEvent.change(org, { target: { value: 'org-b' } })
    expect(role.value).toBe('')
    fireEvent.change(role, { target: { value: 'r-viewer' } })
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Create User' }))
    const passwordBox = (await screen.findByLabelText('Temporary password')) as HTMLInputElement
    expect(passwordBox.value).toBe('Temp-Pass-1234')
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      mode: 'generate',
      email: 'new@example.com',
      firstName: 'Nia',
      lastName: '',
      requirePasswordReset: true,
      organizationId: 'org-b',
      roleId: 'r-viewer',
    })
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }))
    expect(await screen.findByText('Unable to copy password to clipboard.')).toBeTruthy()
    expect(writeText).toHaveBeenCalledWith('Temp-Pass-1234')
    fireEvent.click(screen.getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByLabelText('Temporary password')).toBeNull())
  })

  it('shows the server message under Creation Failed', async () => {
    adminApi([route('POST', '/api/admin/users/create', () => json({ message: 'An account with this email already exists' }, 409))])
    renderAt(<App />)
    fireEvent.click(await screen.findByRole('button', { name: 'Create User' }))
    fireEvent.change(within(dialog()).getByLabelText('Email'), { target: { value: 'taken@example.com' } })
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Create User' }))
    expect(await screen.findByText('Creation Failed')).toBeTruthy()
    expect(screen.getByText('An account with this email already exists')).toBeTruthy()
  })

  it('edits a membership only with both organisation and role', async () => {
    const calls = adminApi([route('PUT', '/api/admin/users/u1/membership', () => json({ message: 'Membership updated' }))])
    renderAt(<App />)
    fireEvent.click(await screen.findByRole('button', { name: 'Edit membership of user1@example.com' }))
    await waitFor(() => expect((within(dialog()).getByLabelText('Organization') as HTMLSelectElement).value).toBe('org-a'))
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }))
    expect(await within(dialog()).findByText('Please select both organization and role.')).toBeTruthy()
    fireEvent.change(within(dialog()).getByLabelText('Role'), { target: { value: 'r-member' } })
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true))
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ organizationId: 'org-a', roleId: 'r-member' })
  })

  it('deletes only after the confirmation', async () => {
    const calls = adminApi([route('DELETE', '/api/admin/users/u2', () => json({ message: 'User deleted' }))])
    renderAt(<App />)
    fireEvent.click(await screen.findByRole('button', { name: 'Delete user2@example.com' }))
    expect(within(dialog()).getByText(/Delete First2 Last \(user2@example.com\)\?/)).toBeTruthy()
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false)
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/api/admin/users/u2')).toBe(true))
    expect(await screen.findByText('User deleted')).toBeTruthy()
  })
})
