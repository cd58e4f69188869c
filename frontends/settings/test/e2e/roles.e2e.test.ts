import { launchBrowser, newPage, uniqueEmail } from '@plumbline/testing'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { invitationLink } from './invitation-mail'
import { api, apiOk, hidden, overflowingElements, runTag, shot, signedIn, visible } from './settings-helpers'

// Issue 11, roles enforced: the Owner makes a custom role without the right to create or delete
// estimates and invites a teammate with it; the teammate accepts in a fresh browser, finds New
// Estimate disabled with the reason and the API refusing; the Owner adds the rights and the
// teammate's next request may.

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const PASSWORD = 'Sturdy-Roof-2026'

async function openRoles(page: Page) {
  await page.goto('/settings?tab=roles')
  await visible(page.getByRole('heading', { name: 'System Roles' }))
}

async function setMatrix(page: Page, role: string, ticks: string[]) {
  await page.getByRole('button', { name: `Permissions of ${role}` }).click()
  const dialog = page.getByRole('dialog')
  await visible(dialog.getByRole('checkbox', { name: 'Cost Estimator: Access' }))
  for (const box of ticks) await dialog.getByRole('checkbox', { name: box }).click()
  return dialog
}

// One story in three steps, each a test of its own: the role and the teammate it makes carry on.
let owner: Awaited<ReturnType<typeof signedIn>>
let teammate: Awaited<ReturnType<typeof signedIn>>
let orgId: string
const role = runTag('Reviewer ')
const email = uniqueEmail('teammate')

/** The teammate's attempt to create an estimate through the API. */
async function attempt() {
  const types = await apiOk<{ id: string }[]>(teammate.page, 'GET', `/api/organizations/${orgId}/project-types`)
  return api(teammate.page, 'POST', `/api/organizations/${orgId}/estimates`, {
    projectTypeId: types[0]!.id,
    projectName: 'Not allowed',
    clientName: 'Client',
    propertyAddress: '1 Main St',
    totalCost: '1000',
  })
}
const deleteOne = (id: string) => api(teammate.page, 'DELETE', `/api/organizations/${orgId}/estimates/${id}`)

afterAll(async () => {
  await teammate?.context.close()
  await owner?.context.close()
})

describe('Settings → Roles', () => {
  it('makes a role without create rights and invites a teammate with it, who joins from the mailed link', async () => {
    owner = await signedIn(browser)
    orgId = (await apiOk<{ organizations: { id: string }[] }>(owner.page, 'GET', '/api/user')).organizations[0]!.id
    await openRoles(owner.page)
    await owner.page.getByLabel('Role Name').fill(role)
    await owner.page.getByLabel('Description').fill('Reads estimates, changes nothing')
    await owner.page.getByRole('button', { name: 'Create Role' }).click()
    const card = owner.page.getByRole('region', { name: `Role ${role}` })
    await visible(card)
    const dialog = await setMatrix(owner.page, role, ['Cost Estimator: Access', 'AI Notetaker: Access', 'Team: Access'])
    await shot(owner.page, 'roles-permissions-dialog', { fullPage: false })
    await dialog.getByRole('button', { name: 'Save Permissions' }).click()
    await visible(owner.page.getByText(/Permissions of .* saved/))
    await shot(owner.page, 'roles-desktop')

    // The Owner invites a teammate with that role; the teammate opens the mailed link in a fresh
    // browser, creates an account on the invitation page and lands in the demo organisation.
    await owner.page.getByRole('button', { name: 'Invite Member' }).click()
    const invite = owner.page.getByRole('dialog')
    await invite.getByLabel('Email').fill(email)
    await invite.getByRole('combobox', { name: 'Role' }).click()
    await owner.page.getByRole('option', { name: role, exact: true }).click()
    await shot(owner.page, 'roles-invite-dialog', { fullPage: false })
    await invite.getByRole('button', { name: 'Send Invitation' }).click()
    await visible(owner.page.getByText(`Invitation sent to ${email}. The link is valid for 7 days.`))
    await visible(owner.page.getByRole('list', { name: 'Invitations' }).getByText(email))
    const link = await invitationLink(email)

    teammate = await newPage(browser)
    await teammate.page.goto(link)
    await visible(teammate.page.getByRole('heading', { name: /^Join / }))
    await teammate.page.getByLabel('First Name').fill('Tess')
    await teammate.page.getByLabel('Last Name').fill('Reviewer')
    await teammate.page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await teammate.page.getByLabel('Confirm Password').fill(PASSWORD)
    await shot(teammate.page, 'invitation-new-account')
    await teammate.page.getByRole('button', { name: 'Create Account and Join' }).click()
    await teammate.page.waitForURL((u) => u.pathname === '/', { timeout: 15_000 })
    expect((await apiOk<{ organizations: { id: string }[] }>(teammate.page, 'GET', '/api/user')).organizations.map((o) => o.id)).toEqual([orgId])
    await openRoles(owner.page)
    await visible(owner.page.getByRole('list', { name: 'Members' }).getByText('Tess Reviewer'))
    // The pending list has loaded (its heading shows with the data) and no longer has the address.
    await visible(owner.page.getByRole('heading', { name: 'Pending Invitations' }))
    await hidden(owner.page.getByRole('list', { name: 'Invitations' }).getByText(email))
  })

  it('the teammate cannot create or delete an estimate until the Owner gives the role the rights', async () => {
    await teammate.page.goto('/cost-estimator')
    const newEstimate = teammate.page.getByRole('button', { name: 'New Estimate' })
    await visible(newEstimate)
    expect(await newEstimate.isDisabled()).toBe(true)
    expect(await teammate.page.locator(`[title="Your role (${role}) cannot create estimates."]`).count()).toBeGreaterThan(0)
    const refused = await attempt()
    expect(refused.status).toBe(403)
    const { estimates } = await apiOk<{ estimates: { id: string }[] }>(teammate.page, 'GET', `/api/organizations/${orgId}/estimates`)
    expect((await deleteOne(estimates[0]!.id)).status).toBe(403)
    await shot(teammate.page, 'roles-teammate-blocked', { fullPage: false })

    // The Owner gives the role the right to create; the teammate's next request may.
    await openRoles(owner.page)
    const again = await setMatrix(owner.page, role, ['Cost Estimator: Create', 'Cost Estimator: Edit', 'Cost Estimator: Delete'])
    await again.getByRole('button', { name: 'Save Permissions' }).click()
    await visible(owner.page.getByText(/Permissions of .* saved/))
    const made = await attempt()
    expect(made.status).toBe(201)
    expect((await deleteOne((made.body as { id: string }).id)).status).toBe(204)
    await teammate.page.goto('/cost-estimator')
    await visible(teammate.page.getByRole('button', { name: 'New Estimate' }))
    expect(await teammate.page.getByRole('button', { name: 'New Estimate' }).isDisabled()).toBe(false)
  })

  it('the Owner changes the teammate to Viewer in place, then removes them', async () => {
    // Team: the Owner sees Tess, gives her the Viewer role in place, then removes her; her next
    // request no longer reaches the organisation.
    await openRoles(owner.page)
    const team = owner.page.getByRole('list', { name: 'Members' })
    await visible(team.getByText('Tess Reviewer'))
    await owner.page.getByRole('combobox', { name: 'Role of Tess Reviewer' }).click()
    await owner.page.getByRole('option', { name: 'Viewer', exact: true }).click()
    await visible(owner.page.getByText('Tess Reviewer is now Viewer.'))
    // Her next request carries the new role: a Viewer creates nothing.
    expect((await attempt()).status).toBe(403)
    await shot(owner.page, 'roles-team')
    await owner.page.getByRole('button', { name: 'Remove Tess Reviewer' }).click()
    await owner.page.getByRole('dialog').getByRole('button', { name: 'Remove Member' }).click()
    await visible(owner.page.getByText('Tess Reviewer was removed from the organization.'))
    await hidden(team.getByText('Tess Reviewer'))
    expect((await api(teammate.page, 'GET', `/api/organizations/${orgId}/estimates`)).status).toBeGreaterThanOrEqual(403)
  })

  it('fits a phone', async () => {
    const { context, page } = await signedIn(browser, { mobile: true })
    await openRoles(page)
    await shot(page, 'roles-phone')
    expect(await overflowingElements(page)).toEqual([])
    await page.getByRole('button', { name: 'Permissions of Owner' }).click()
    await visible(page.getByRole('checkbox', { name: 'Team: Delete' }))
    await shot(page, 'roles-phone-matrix', { fullPage: false })
    await context.close()
  })
})
