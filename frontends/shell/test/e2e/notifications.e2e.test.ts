import { NOTIFICATION_POLL_MS } from '@plumbline/contracts'
import {
  apiOk,
  e2eBaseUrl,
  hidden,
  launchBrowser,
  newPage,
  overflowingElements,
  screenshot,
  signedIn,
  signIn,
  uniqueEmail,
  waitForMail,
} from '@plumbline/testing'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { visible, waitForPath } from './helpers'

// The header's notification bell, end to end: a contractor shares an estimate, the client
// approves it in a browser of their own, and the contractor's bell (polled, not reloaded) shows
// the dot and the approval; opening it goes to the estimate; Mark all read clears the dot.
// A brand-new contractor, so no other journey's estimates reach this bell.

const PASSWORD = 'Sturdy-Beam-42'
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function registerContractor(page: Page, email: string): Promise<void> {
  await page.goto('/register')
  await page.getByLabel('First Name').fill('Nora')
  await page.getByLabel('Last Name').fill('Bell')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirm Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Create Account' }).click()
  await visible(page.getByText('Check Your Email'))
  const mail = await waitForMail(e2eBaseUrl(), email, 'Verify')
  await page.goto(mail.links.find((l) => l.includes('/verify-email?token='))!)
  await visible(page.getByText('Email Verified'))
  await signIn(page, email, PASSWORD)
  await waitForPath(page, '/')
}

const bell = (page: Page) => page.getByTestId('notifications-bell')
const panel = (page: Page) => page.getByTestId('notifications-panel')

describe('the notification bell', () => {
  it('shows a client’s approval to the contractor, opens the estimate, and clears with Mark all read', async () => {
    const email = uniqueEmail('bell')
    const { context, page } = await newPage(browser)
    // The page's clock, so the journey jumps over the bell's poll interval instead of sitting through it.
    await page.clock.install()
    await registerContractor(page, email)
    await visible(page.getByRole('heading', { name: 'Dashboard' }))

    // Nothing yet: no dot, and the panel says so.
    await visible(bell(page))
    expect(await page.getByTestId('notifications-dot').count()).toBe(0)
    await bell(page).click()
    await visible(panel(page).getByText('You’re all caught up'))
    await screenshot(page, 'notifications-empty', { fullPage: false })
    await page.keyboard.press('Escape')
    await hidden(panel(page))

    // An estimate of this contractor, shared with the client.
    const orgId = (await apiOk<{ organizations: { id: string }[] }>(page, 'GET', '/api/user')).organizations[0]!.id
    const org = `/api/organizations/${orgId}`
    const types = await apiOk<{ id: string }[]>(page, 'GET', `${org}/project-types`)
    const projectName = `Bell Kitchen ${Date.now().toString(36)}`
    const estimate = await apiOk<{ id: string }>(page, 'POST', `${org}/estimates`, {
      projectTypeId: types[0]!.id,
      projectName,
      clientName: 'Jordan Smith',
      clientEmail: 'jordan@example.com',
      propertyAddress: '123 Main St, Springfield, IL 62701',
      totalCost: 48000,
      squareFootage: 1200,
      specialFeatures: '',
      meetingTranscript: '',
    })
    const { shareUrl } = await apiOk<{ shareUrl: string }>(page, 'POST', `${org}/estimates/${estimate.id}/share`)

    // The client, in a browser of their own, opens the link and approves.
    const client = await newPage(browser, { mobile: true })
    await client.page.goto(shareUrl)
    await client.page.getByRole('button', { name: 'Approve Estimate' }).click()
    const approve = await visible(client.page.getByRole('dialog', { name: 'Approve Estimate' }))
    await approve.getByLabel('Your full name').fill('Jordan Smith')
    await approve.getByRole('tab', { name: 'Type' }).click()
    await approve.getByRole('checkbox').click()
    await approve.getByRole('button', { name: 'Approve Estimate' }).click()
    await visible(client.page.getByTestId('decision-confirmation'))
    await client.context.close()

    // The contractor's dashboard, untouched since: the bell's next poll brings the dot.
    await page.clock.fastForward(NOTIFICATION_POLL_MS)
    await visible(page.getByTestId('notifications-dot'))
    await visible(page.getByRole('button', { name: 'Notifications, 2 unread' }))
    await bell(page).click()
    const approval = panel(page).locator('li[data-kind="estimate_approved"]')
    await visible(approval.getByText('Estimate approved'))
    await visible(approval.getByText(`Jordan Smith approved “${projectName}”.`))
    await visible(panel(page).locator('li[data-kind="estimate_viewed"]').getByText(`Jordan Smith opened “${projectName}”.`))
    expect(await panel(page).locator('li[data-unread="true"]').count()).toBe(2)
    await screenshot(page, 'notifications-desktop', { fullPage: false })

    // On a phone, in dark mode: the same two, fitting the screen.
    const phone = await signedIn(browser, { mobile: true, colorScheme: 'dark', as: { email, password: PASSWORD } })
    await visible(phone.page.getByTestId('notifications-dot'))
    await bell(phone.page).click()
    await visible(panel(phone.page).getByText(`Jordan Smith approved “${projectName}”.`))
    expect(await overflowingElements(phone.page)).toEqual([])
    await screenshot(phone.page, 'notifications-phone-dark', { fullPage: false })
    await phone.context.close()

    // Opening the approval goes to the estimate and marks it read: back on the dashboard, one unread left.
    await approval.getByRole('button').click()
    await waitForPath(page, `/estimates/${estimate.id}`)
    await visible(page.getByRole('heading', { name: projectName }))
    // The estimate page's toolbar carries the same bell (estimates remote, the shell's feed).
    await visible(page.getByRole('button', { name: 'Notifications, 1 unread' }))
    await page.goBack()
    await waitForPath(page, '/')
    await visible(page.getByRole('button', { name: 'Notifications, 1 unread' }))

    // Mark all read clears the dot, here and after a reload (the server agrees).
    await bell(page).click()
    expect(await panel(page).locator('li[data-kind="estimate_approved"][data-unread="false"]').count()).toBe(1)
    await panel(page).getByRole('button', { name: 'Mark all read' }).click()
    await visible(panel(page).getByText('No unread notifications'))
    await hidden(page.getByTestId('notifications-dot'))
    expect(await panel(page).locator('li[data-unread="true"]').count()).toBe(0)
    await page.keyboard.press('Escape')
    await page.reload()
    await visible(page.getByRole('heading', { name: 'Dashboard' }))
    await visible(page.getByRole('button', { name: 'Notifications', exact: true }))
    expect(await page.getByTestId('notifications-dot').count()).toBe(0)
    await context.close()
  })
})
