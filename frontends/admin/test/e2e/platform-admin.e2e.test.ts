import { api, apiOk, hidden, launchBrowser, newPage, overflowingElements, screenshotsNamed, signedIn, signIn, uniqueEmail, visible } from '@plumbline/testing'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// The seeded platform admin creates an account, the new user signs in with the temporary
// password, the admin stops and restores the user's organisation's estimates with an override,
// adds the user to another organisation and finally deletes them (their session ends).
const ADMIN = { email: 'admin@plumbline.dev', password: 'Admin-Plumbline-2025' }

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const waitForPath = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path, { timeout: 15_000 })
const dialog = (page: Page) => page.getByRole('dialog')
const toast = (page: Page, text: string | RegExp) => page.locator('li[data-state="open"]').filter({ hasText: text })

const shot = screenshotsNamed('admin')

const signedInAsAdmin = (mobile = false) => signedIn(browser, { as: ADMIN, mobile })

const newEstimate = async (page: Page, orgId: string) => {
  const types = await apiOk<{ id: string }[]>(page, 'GET', `/api/organizations/${orgId}/project-types`)
  return api(page, 'POST', `/api/organizations/${orgId}/estimates`, {
    projectTypeId: types[0]!.id,
    projectName: `Quota check ${Date.now().toString(36)}`,
    clientName: 'Jordan Smith',
    clientEmail: 'jordan@example.com',
    propertyAddress: '123 Main St, Springfield, IL 62701',
    totalCost: 1000,
    squareFootage: 100,
    specialFeatures: '',
    meetingTranscript: '',
  })
}

// One story in three steps, each a test of its own: the admin's page and the user it made carry on.
let admin: Awaited<ReturnType<typeof signedInAsAdmin>>
let user: Awaited<ReturnType<typeof newPage>>
let email: string
let ownOrg: { id: string; name: string }

afterAll(async () => {
  await user?.context.close()
  await admin?.context.close()
})

describe('platform admin', () => {
  it('creates a user, whose temporary password must be replaced at first sign-in', async () => {
    admin = await signedInAsAdmin()
    const { page } = admin
    await page.goto('/admin')
    await waitForPath(page, '/admin/users')
    await visible(page.getByRole('heading', { name: /^System Users \(\d+\)$/ }))
    await hidden(page.getByText('Coming soon'))

    // Create in generate mode; the password is shown once.
    email = uniqueEmail('journey')
    await page.getByRole('button', { name: 'Create User' }).click()
    await dialog(page).getByLabel('Email').fill(email)
    await dialog(page).getByLabel('First Name').fill('Journey')
    await dialog(page).getByLabel('Last Name').fill('Person')
    await shot(page, 'create-user-1280')
    await dialog(page).getByRole('button', { name: 'Create User' }).click()
    const passwordBox = await visible(page.getByRole('textbox', { name: 'Temporary password', exact: true }))
    const temporaryPassword = await passwordBox.inputValue()
    expect(temporaryPassword.length).toBeGreaterThanOrEqual(12)
    await shot(page, 'temporary-password-1280')
    await page.getByRole('button', { name: 'Done' }).click()
    await visible(page.getByText(email))

    // The new user, in a fresh context, must replace the temporary password first.
    user = await newPage(browser)
    await signIn(user.page, email, temporaryPassword)
    await waitForPath(user.page, '/first-login-reset')
    await user.page.getByLabel('New Password', { exact: true }).fill('journey-pass-1')
    await user.page.getByLabel('Confirm Password').fill('journey-pass-1')
    await user.page.getByRole('button', { name: /password/i }).click()
    await waitForPath(user.page, '/')
    const me = await apiOk<{ id: string; organizations: { id: string; name: string }[] }>(user.page, 'GET', '/api/user')
    ownOrg = me.organizations[0]!
    expect(ownOrg.name).toBe("Journey's Organization")
  })

  it('stops the organisation’s next estimate with an override of 0, and removing it restores it', async () => {
    const { page } = admin

    // An override of 0 estimates stops the organisation's next estimate; removing it restores it.
    await page.getByRole('link', { name: 'Subscription Overrides' }).click()
    await waitForPath(page, '/admin/subscription-overrides')
    await page
      .getByRole('button', { name: `Edit override of ${ownOrg.name}` })
      .first()
      .click()
    await dialog(page).getByLabel('Estimates per month').fill('0')
    await dialog(page).getByLabel('Note').fill('Journey pause')
    await dialog(page).getByRole('button', { name: 'Save Override' }).click()
    await visible(toast(page, 'Override saved'))
    const row = page.locator('tr').filter({ hasText: 'Journey pause' })
    await visible(row.getByText(/^0 \/ 0$/))
    await shot(page, 'overrides-1280')
    const stopped = await newEstimate(user.page, ownOrg.id)
    expect(stopped.status).toBe(429)
    expect(stopped.body).toMatchObject({ code: 'ESTIMATE_LIMIT_REACHED' })
    expect(JSON.stringify(stopped.body)).toContain('Monthly estimate limit reached (0 of 0)')

    await row.getByRole('button', { name: `Remove override of ${ownOrg.name}` }).click()
    await dialog(page).getByRole('button', { name: 'Remove' }).click()
    await visible(toast(page, 'Override removed'))
    await hidden(page.locator('td').filter({ hasText: 'Journey pause' }))
    expect((await newEstimate(user.page, ownOrg.id)).status).toBe(201)
  })

  it('adds the user to another organisation, deletes them (their session ends) and audits each action', async () => {
    const { page } = admin

    // Add the user to the admin's organisation as a Viewer; the next request shows it, and their own organisation stays.
    const adminOrg = (await apiOk<{ organizations: { id: string; name: string }[] }>(page, 'GET', '/api/user')).organizations[0]!
    await page.getByRole('link', { name: 'User Management' }).click()
    await page.getByLabel('Search users').fill(email)
    await page.getByRole('button', { name: `Edit membership of ${email}` }).click()
    await dialog(page).getByLabel('Organization').selectOption(adminOrg.id)
    await dialog(page).getByRole('button', { name: 'Save' }).click()
    await visible(dialog(page).getByText('Please select both organization and role.'))
    await dialog(page).getByLabel('Role').selectOption({ label: 'Viewer' })
    await dialog(page).getByRole('button', { name: 'Save' }).click()
    await visible(toast(page, 'Membership updated'))
    const moved = await apiOk<{ organizations: { id: string; role: string }[] }>(user.page, 'GET', '/api/user')
    expect(moved.organizations).toHaveLength(2)
    expect(moved.organizations).toContainEqual(expect.objectContaining({ id: adminOrg.id, role: 'Viewer' }))
    expect(moved.organizations).toContainEqual(expect.objectContaining({ id: ownOrg.id }))

    // The admin's own row has no delete button; deleting the user ends their session at once.
    await page.getByLabel('Search users').fill(ADMIN.email)
    await visible(page.getByRole('button', { name: `Edit membership of ${ADMIN.email}` }))
    expect(await page.getByRole('button', { name: `Delete ${ADMIN.email}` }).count()).toBe(0)
    await page.getByLabel('Search users').fill(email)
    await page.getByRole('button', { name: `Delete ${email}` }).click()
    await dialog(page).getByRole('button', { name: 'Delete' }).click()
    await visible(toast(page, 'User deleted'))
    await visible(page.getByText('No users match your search.'))
    expect((await api(user.page, 'GET', '/api/user')).status).toBe(401)

    // The audit log names each action. Account actions reach it through auth's outbox and the
    // admin service's consumer, so the last one may need a moment (and a fresh read).
    await page.getByLabel('Search users').fill('')
    await expect
      .poll(
        async () => {
          await page.reload()
          await visible(page.getByRole('heading', { name: 'Audit Log' }))
          return page.getByText('Deleted user').count()
        },
        { timeout: 15_000, interval: 1000 },
      )
      .toBeGreaterThan(0)
    for (const action of ['Created user', 'Set subscription override', 'Removed subscription override', 'Changed membership', 'Deleted user']) {
      await visible(page.getByText(action).first())
    }
    await shot(page, 'users-1280')
  })

  it('lays both pages out at 390 wide without sideways scrolling', async () => {
    const { context, page } = await signedInAsAdmin(true)
    await page.goto('/admin/users')
    await visible(page.getByRole('heading', { name: /^System Users \(\d+\)$/ }))
    expect(await overflowingElements(page)).toEqual([])
    await shot(page, 'users-390')
    await page.goto('/admin/subscription-overrides')
    await visible(page.getByRole('columnheader', { name: 'Current Plan' }))
    expect(await overflowingElements(page)).toEqual([])
    await shot(page, 'overrides-390')
    await context.close()
  })

  it('shows Access Denied to a user who is not a platform admin, and the API answers 403', async () => {
    const { context, page } = await newPage(browser)
    await signIn(page, 'demo@plumbline.dev', 'Demo-Plumbline-2025')
    await waitForPath(page, '/')
    await page.goto('/admin/subscription-overrides')
    await visible(page.getByText('Access Denied - You do not have admin privileges to access this page.'))
    for (const path of ['/api/admin/check', '/api/admin/users', '/api/admin/subscription-overrides', '/api/admin/audit']) {
      expect((await api(page, 'GET', path)).status, path).toBe(403)
    }
    await context.close()
  })
})
