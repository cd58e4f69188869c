import { DEMO, e2eBaseUrl, launchBrowser, newPage, screenshot, waitForMail } from '@plumbline/testing'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiOk, contractorContext, createEstimate, visible } from './detail-helpers'

// The contractor hears about the client's actions by e-mail besides the bell, chooses per kind in
// Settings, and can stop a kind from the e-mail itself. One signed-in browser state for the file.

let browser: Browser
let contractor: BrowserContext
let page: Page

beforeAll(async () => {
  browser = await launchBrowser()
  const session = await contractorContext(browser)
  contractor = session.context
  page = session.page
})
afterAll(async () => {
  // Other journeys share the demo contractor: e-mails back on.
  const orgId = (await apiOk<{ organizations: { id: string }[] }>(page, 'GET', '/api/user')).organizations[0]!.id
  await apiOk(page, 'PUT', `/api/organizations/${orgId}/notification-preferences`, {
    preferences: ['estimate_viewed', 'estimate_approved', 'estimate_declined', 'estimate_change_requested'].map((kind) => ({ kind, email: true })),
  })
  await contractor?.close()
  await browser?.close()
})

describe('the contractor hears about it', () => {
  it('mails the contractor when the client first opens the link, with a one-click unsubscribe that works', async () => {
    const est = await createEstimate(page)
    const { projectName } = await apiOk<{ projectName: string }>(page, 'GET', est.base)
    const { shareToken } = await apiOk<{ shareToken: string }>(page, 'POST', `${est.base}/share`)
    const client = await newPage(browser)
    await client.page.goto(`/share/${shareToken}`)
    await visible(client.page.getByTestId('public-project-name'))
    await client.context.close()

    const mail = await waitForMail(e2eBaseUrl(), DEMO.email, `opened “${projectName}”`, 30_000)
    expect(mail.html).toContain('Open the estimate')
    expect(mail.links).toContain(`${e2eBaseUrl()}/estimates/${est.id}`)
    expect(mail.headers['list-unsubscribe']).toMatch(/^<http:\/\/.+\/api\/public\/notification-preferences\/unsubscribe\/[\w-]+>$/)
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
    // The bell has it too.
    const bell = await apiOk<{ notifications: { kind: string; body: string }[] }>(page, 'GET', `${est.org}/notifications`)
    expect(bell.notifications.some((n) => n.kind === 'estimate_viewed' && n.body.includes(projectName))).toBe(true)

    const unsubscribeUrl = mail.links.find((l) => l.includes('/share/unsubscribe/'))!
    const reader = await newPage(browser)
    await reader.page.goto(unsubscribeUrl)
    const card = await visible(reader.page.getByTestId('unsubscribe-card'))
    await visible(card.getByText('Stop these e-mails?'))
    await screenshot(reader.page, 'unsubscribe-page')
    await card.getByRole('button', { name: 'Unsubscribe' }).click()
    await visible(card.getByText('You are unsubscribed'))
    await screenshot(reader.page, 'unsubscribe-done')
    await reader.context.close()

    // Settings shows the choice; the contractor turns it back on there.
    await page.goto('/settings?tab=notifications')
    const prefs = await visible(page.getByTestId('notification-preferences'))
    const viewed = prefs.getByRole('switch', { name: /A client opens an estimate/ })
    expect(await viewed.getAttribute('aria-checked')).toBe('false')
    await screenshot(page, 'settings-notifications')
    await viewed.click()
    await expect.poll(() => viewed.getAttribute('aria-checked')).toBe('true')
  })
})
