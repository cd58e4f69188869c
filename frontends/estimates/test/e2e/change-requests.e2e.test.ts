import { DEMO, e2eBaseUrl, launchBrowser, newPage, overflowingElements, screenshot, uniqueEmail, waitForMail } from '@plumbline/testing'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiOk, type Created, contractorContext, createEstimate, visible } from './detail-helpers'

// Change requests: the client asks for a change on the share page, the contractor is told, reads
// it in the estimate's thread and replies, and the client sees the reply on the link and by
// e-mail. The estimate and its link are seeded through the API; the steps share them.

let browser: Browser
let contractor: BrowserContext
let page: Page
let client: { context: BrowserContext; page: Page }
let est: Created
let projectName: string
let shareToken: string
const clientEmail = uniqueEmail('changes')
const REQUEST = 'Could the gutters be copper instead of aluminium? And please keep the old downspouts.'
const REPLY = 'Yes, copper gutters add about $1,200. I will update the estimate today.'

beforeAll(async () => {
  browser = await launchBrowser()
  const session = await contractorContext(browser)
  contractor = session.context
  page = session.page
  est = await createEstimate(page, { clientEmail })
  projectName = (await apiOk<{ projectName: string }>(page, 'GET', est.base)).projectName
  shareToken = (await apiOk<{ shareToken: string }>(page, 'POST', `${est.base}/share`)).shareToken
  client = await newPage(browser)
})
afterAll(async () => {
  await client?.context.close()
  await contractor?.close()
  await browser?.close()
})

describe('change requests', () => {
  it('the client asks for a change on the share page', async () => {
    const cp = client.page
    await cp.goto(`/share/${shareToken}`)
    await visible(cp.getByTestId('public-project-name'))
    await cp.getByRole('button', { name: 'Request changes' }).click()
    const dialog = await visible(cp.getByRole('dialog', { name: 'Request changes' }))
    await dialog.getByLabel('Your message').fill(REQUEST)
    await screenshot(cp, 'share-request-changes-dialog', { fullPage: false })
    await dialog.getByRole('button', { name: 'Send request' }).click()
    const thread = await visible(cp.getByTestId('public-thread'))
    await visible(thread.getByText(REQUEST))
    await visible(cp.getByTestId('message-sent'))
    await screenshot(cp, 'share-request-changes-sent', { fullPage: false })
  })

  it('the contractor is told, sees the request in the detail page thread and replies', async () => {
    const mail = await waitForMail(e2eBaseUrl(), DEMO.email, `asked for changes to “${projectName}”`, 15_000)
    expect(mail.text).toContain(REQUEST)
    expect(mail.headers['list-unsubscribe']).toMatch(/\/api\/public\/notification-preferences\/unsubscribe\//)
    const bell = await apiOk<{ notifications: { kind: string; body: string }[] }>(page, 'GET', `${est.org}/notifications`)
    expect(bell.notifications.some((n) => n.kind === 'estimate_change_requested' && n.body.includes(projectName))).toBe(true)

    await page.goto(`/estimates/${est.id}`)
    const card = await visible(page.getByTestId('client-messages'))
    await visible(card.getByText(REQUEST))
    await card.getByLabel('Reply to Jordan Smith').fill(REPLY)
    await card.getByRole('button', { name: 'Send reply' }).click()
    await visible(card.getByText(`E-mailed to ${clientEmail}`))
    await card.scrollIntoViewIfNeeded()
    await screenshot(page, 'estimate-client-messages', { fullPage: false })
  })

  it('the client sees the reply on the link (here on a phone) and by e-mail', async () => {
    const phone = await newPage(browser, { mobile: true })
    const cp = phone.page
    await cp.goto(`/share/${shareToken}`)
    const notice = await visible(cp.getByTestId('reply-notice'))
    await screenshot(cp, 'share-reply-notice-mobile', { fullPage: false })
    await notice.click()
    const thread = await visible(cp.getByTestId('public-thread'))
    await visible(thread.getByText(REPLY))
    expect(await thread.getByTestId('thread-message').evaluateAll((els) => els.map((e) => e.getAttribute('data-author')))).toEqual(['client', 'contractor'])
    await screenshot(cp, 'share-reply-seen-mobile', { fullPage: false })
    expect(await overflowingElements(cp)).toEqual([])
    await phone.context.close()

    const mail = await waitForMail(e2eBaseUrl(), clientEmail, `replied about your estimate for ${projectName}`, 15_000)
    expect(mail.text).toContain(REPLY)
    expect(mail.links).toContain(`${e2eBaseUrl()}/share/${shareToken}`)
  })
})
