import { api, apiOk, e2eBaseUrl, launchBrowser, newPage, uniqueEmail, waitForMail } from '@plumbline/testing'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { invitationLink } from './invitation-mail'
import { hidden, overflowingElements, shot, signedIn, toast, visible } from './settings-helpers'

// Issue 11, invitations: an existing account opens its invitation, signs in on the page and lands
// in the inviting organisation (made active); a resent invitation kills the old link; a revoked
// one leaves the invitation page saying the link is not valid.

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const PASSWORD = 'Sturdy-Roof-2026'

/** A verified account with its own organisation, made through the sign-up API and the mailed link. */
async function existingAccount(page: Page, email: string) {
  await page.goto('/register') // for the CSRF cookie the API calls carry
  const reg = await api(page, 'POST', '/api/register', { email, password: PASSWORD, firstName: 'Erin', lastName: 'Existing' })
  expect(reg.status, JSON.stringify(reg.body)).toBe(201)
  const mail = await waitForMail(e2eBaseUrl(), email, 'Verify')
  await page.goto(mail.links.find((l) => l.includes('/verify-email?token='))!)
  await visible(page.getByText('Email Verified', { exact: true }))
}

async function openTeam(page: Page) {
  await page.goto('/settings?tab=roles')
  await visible(page.getByRole('heading', { name: 'Pending Invitations' }))
}

async function inviteFromTeam(page: Page, email: string) {
  await page.getByRole('button', { name: 'Invite Member' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByRole('button', { name: 'Send Invitation' }).click()
  await visible(toast(page, `Invitation sent to ${email}.`))
  await visible(page.getByRole('list', { name: 'Invitations' }).getByText(email))
}

describe('Invitations', () => {
  it('an existing account signs in on the invitation page and joins; resend kills the old link', async () => {
    const owner = await signedIn(browser)
    const { organizations } = await apiOk<{ organizations: { id: string; name: string }[] }>(owner.page, 'GET', '/api/user')
    const demo = organizations[0]!
    const email = uniqueEmail('existing')
    const guest = await newPage(browser)
    await existingAccount(guest.page, email)

    await openTeam(owner.page)
    await inviteFromTeam(owner.page, email)
    const first = await invitationLink(email)
    await owner.page.getByRole('button', { name: `Resend the invitation to ${email}` }).click()
    await visible(toast(owner.page, `A new link was sent to ${email}.`))
    const second = await invitationLink(email, [first])
    await shot(owner.page, 'team-invitations')

    await guest.page.goto(first)
    await visible(guest.page.getByRole('heading', { name: 'Invitation Not Valid' }))
    await shot(guest.page, 'invitation-invalid')

    await guest.page.goto(second)
    await visible(guest.page.getByRole('heading', { name: `Join ${demo.name}` }))
    expect(await guest.page.getByLabel('Email').inputValue()).toBe(email)
    await guest.page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await shot(guest.page, 'invitation-sign-in')
    await guest.page.getByRole('button', { name: 'Sign In and Join' }).click()
    await guest.page.waitForURL((u) => u.pathname === '/', { timeout: 15_000 })
    // The new organisation is the active one: the sidebar's organisation card names it.
    await visible(guest.page.getByText(demo.name).first())
    const me = await apiOk<{ organizations: { id: string }[] }>(guest.page, 'GET', '/api/user')
    expect(me.organizations.map((o) => o.id)).toContain(demo.id)
    expect(me.organizations).toHaveLength(2)

    await openTeam(owner.page)
    await visible(owner.page.getByRole('list', { name: 'Members' }).getByText(email))
    // The pending list has loaded (its heading shows with the data) and no longer has the address.
    await visible(owner.page.getByRole('heading', { name: 'Pending Invitations' }))
    await hidden(owner.page.getByRole('list', { name: 'Invitations' }).getByText(email))
    await guest.context.close()
    await owner.context.close()
  }, 120_000)

  it('a revoked invitation leaves the link saying it is not valid; the page fits a phone', async () => {
    const owner = await signedIn(browser)
    const email = uniqueEmail('revoked')
    await openTeam(owner.page)
    await inviteFromTeam(owner.page, email)
    const link = await invitationLink(email)

    const guest = await newPage(browser, { mobile: true })
    await guest.page.goto(link)
    await visible(guest.page.getByRole('button', { name: 'Create Account and Join' }))
    await shot(guest.page, 'invitation-phone')
    expect(await overflowingElements(guest.page)).toEqual([])

    await owner.page.getByRole('button', { name: `Revoke the invitation to ${email}` }).click()
    await owner.page.getByRole('dialog').getByRole('button', { name: 'Revoke Invitation' }).click()
    await visible(toast(owner.page, `The invitation to ${email} was revoked.`))
    await guest.page.reload()
    await visible(guest.page.getByRole('heading', { name: 'Invitation Not Valid' }))
    await guest.context.close()
    await owner.context.close()
  }, 90_000)
})
