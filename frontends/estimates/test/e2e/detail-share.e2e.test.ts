import { e2eBaseUrl, launchBrowser, newPage, screenshot } from '@plumbline/testing'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addItem, addSection, api, apiOk, createEstimate, signedIn, toastText, visible } from './detail-helpers'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** Over 5 lines, so it starts collapsed; every construct of the supported Markdown, and a script that must stay words. */
const RICH_SUMMARY = [
  'A complete **kitchen remodel** keeping the *existing* layout.',
  '',
  '### Included',
  '- Soft-close drawers with **full-extension** slides',
  '- Quartz counters',
  '  - Undermount sink',
  '1. Demolition',
  '2. Install and clean-up',
  '',
  'See [our warranty](https://acme.example/warranty). <script>alert(1)</script>',
].join('\n')

async function expectRichSummary(text: Locator) {
  expect(await text.locator('strong').allTextContents()).toEqual(['kitchen remodel', 'full-extension'])
  expect(await text.locator('em').allTextContents()).toEqual(['existing'])
  expect(await text.locator('h4').textContent()).toBe('Included')
  expect(await text.locator(':scope > ul > li').count()).toBe(2)
  expect(await text.locator('ul ul > li').textContent()).toBe('Undermount sink')
  expect(await text.locator('ol > li').allTextContents()).toEqual(['Demolition', 'Install and clean-up'])
  expect(await text.locator('a').getAttribute('href')).toBe('https://acme.example/warranty')
  expect(await text.locator('script').count()).toBe(0)
  expect(await text.textContent()).toContain('<script>alert(1)</script>')
}

async function openShareDialog(page: Page) {
  await page.getByRole('button', { name: 'Share', exact: true }).click()
  return visible(page.getByRole('dialog', { name: 'Share Estimate' }))
}

/** Opens a link in a brand-new browser context: no cookies, no session, like the client's phone. */
async function asClient(url: string, opts: { mobile?: boolean } = {}) {
  const session = await newPage(browser, opts)
  await session.page.goto(url)
  return session
}

// The share story in three steps, each a test of its own: the contractor's page, the estimate and
// its link carry on from one to the next.
let contractor: Awaited<ReturnType<typeof signedIn>>
let est: Awaited<ReturnType<typeof createEstimate>>
let link: string
afterAll(async () => {
  await contractor?.context.close()
})

describe('estimate detail: sharing and the client decision', () => {
  it('hides a section from the client, enables sharing and copies the link', async () => {
    contractor = await signedIn(browser)
    const { context, page } = contractor
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2eBaseUrl() })
    est = await createEstimate(page)
    await apiOk(page, 'PATCH', `${est.base}/content/executive_summary`, { content: RICH_SUMMARY })
    await apiOk(page, 'PATCH', `${est.base}/content/scope_of_work`, { content: 'Internal scope draft, not for the client yet.' })
    await apiOk(page, 'PATCH', `${est.base}/content/qa_notes`, { content: 'Q: Keep the window? A: Yes.' })
    const section = await addSection(page, est, 'Cabinetry')
    await addItem(page, est, section.id, { name: 'Shaker base cabinets', quantity: 12.5, unit: 'lnft', unitCost: 310.25 })

    await page.goto(`/estimates/${est.id}`)
    await visible(page.getByRole('heading', { name: 'Project Documentation' }))
    // The summary's Markdown drawn as the share page and the PDF draw it (libs/ui RichText); long, so Show more.
    const summary = page.getByTestId('content-card-executive_summary')
    await summary.getByRole('button', { name: 'Show more' }).click()
    await expectRichSummary(summary.getByTestId('content-text-executive_summary'))
    await summary.scrollIntoViewIfNeeded()
    await screenshot(page, 'detail-rich-text', { fullPage: false })
    // Hide Scope of Work from the client with its visibility switch.
    const scope = page.getByTestId('content-card-scope_of_work')
    await scope.getByRole('switch', { name: 'Show to client' }).click()
    await expect
      .poll(async () => (await apiOk(page, 'GET', `${est.base}/content-links`)).find((l: { role: string }) => l.role === 'scope_of_work')?.showToClient)
      .toBe(false)

    // Enable sharing; copy shows "Copied" and resets after 2 s.
    const dialog = await openShareDialog(page)
    await visible(dialog.getByText('Sharing is off'))
    await dialog.getByRole('button', { name: 'Enable Sharing' }).click()
    const linkField = await visible(dialog.getByTestId('share-link'))
    link = await linkField.inputValue()
    expect(link).toMatch(new RegExp(`^${e2eBaseUrl()}/share/[A-Za-z0-9_-]{20,}$`))
    await dialog.getByRole('button', { name: 'Copy' }).click()
    await visible(dialog.getByRole('button', { name: 'Copied' }))
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)
    await screenshot(page, 'detail-share-dialog', { fullPage: false })
    await visible(dialog.getByRole('button', { name: 'Copy', exact: true }), 4000)
    await page.keyboard.press('Escape')
  })

  it('the client approves in a fresh browser; the contractor sees it approved and locked', async () => {
    const { page } = contractor
    // The client: a fresh context with no session.
    const client = await asClient(link)
    const cp = client.page
    await visible(cp.getByText('Construction Estimate'))
    await visible(cp.getByTestId('public-company'))
    expect(await cp.getByTestId('public-total').textContent()).toBe('$100,000')
    expect(await cp.getByTestId('public-range').textContent()).toContain('$85,000 - $115,000')
    await visible(cp.getByText('A complete kitchen remodel keeping the existing layout.'))
    await cp.getByTestId('public-content-section').getByRole('button', { name: 'Show more' }).click()
    await expectRichSummary(cp.getByTestId('public-content-text'))
    expect(await cp.getByText('Q&A Notes').count()).toBe(0)
    expect(await cp.getByText('Keep the window?').count()).toBe(0)
    expect(await cp.getByText('Internal scope draft').count()).toBe(0)
    expect(await cp.getByTestId('public-phase').count()).toBeGreaterThan(0)
    await visible(cp.getByText('Shaker base cabinets'))
    await visible(cp.getByTestId('public-disclaimer'))
    await screenshot(cp, 'share-page-desktop')

    // Approve: name and consent are required.
    await cp.getByRole('button', { name: 'Approve Estimate' }).click()
    const approve = await visible(cp.getByRole('dialog', { name: 'Approve Estimate' }))
    await approve.getByRole('button', { name: 'Approve Estimate' }).click()
    await visible(approve.getByText('Please type your full name'))
    await visible(approve.getByText('Please confirm that you approve this estimate'))
    await approve.getByLabel('Your full name').fill('Jordan Smith')
    await approve.getByRole('tab', { name: 'Type' }).click()
    await approve.getByRole('checkbox').click()
    await screenshot(cp, 'share-approve-dialog', { fullPage: false })
    await approve.getByRole('button', { name: 'Approve Estimate' }).click()
    const done = await visible(cp.getByTestId('decision-confirmation'))
    await visible(done.getByText('Estimate approved'))
    const decidedText = await done.getByTestId('decision-time').textContent()
    expect(decidedText).toMatch(/\d{4}/)
    await screenshot(cp, 'share-approved-confirmation')
    await done.getByRole('button', { name: 'View estimate' }).click()
    await visible(cp.getByText('Approved by Jordan Smith'))
    await cp.reload()
    await visible(cp.getByText('Approved by Jordan Smith'))
    expect(await cp.getByTestId('public-status').textContent()).toContain('Approved')
    expect(await cp.getByRole('button', { name: 'Approve Estimate' }).count()).toBe(0)
    await screenshot(cp, 'share-page-approved')
    await client.context.close()

    // The contractor reloads: Approved, locked, the approval on record, no editing.
    await page.reload()
    await visible(page.getByTestId('locked-banner'))
    expect(await page.getByTestId('estimate-status').textContent()).toContain('Approved')
    expect(await page.getByTestId('approval-signer').textContent()).toBe('Jordan Smith')
    expect(await page.getByTestId('approval-hash').textContent()).toMatch(/^[0-9a-f]{12}$/)
    expect(await page.getByRole('button', { name: 'Add Section' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Adjust Budget' }).count()).toBe(0)
    await screenshot(page, 'detail-approved-locked')
    // The server refuses edits while locked.
    expect((await api(page, 'POST', `${est.base}/sections`, { name: 'Late change', sortOrder: 1 })).status).toBe(409)
  })

  it('reopens for editing, regenerates the link (the old one dies) and disables sharing', async () => {
    const { page } = contractor
    // Reopen for editing (with a confirmation) unlocks it.
    await page.getByRole('button', { name: 'Reopen for editing' }).click()
    const reopen = await visible(page.getByRole('dialog', { name: 'Reopen for editing?' }))
    await reopen.getByRole('button', { name: 'Reopen for editing' }).click()
    await page.getByTestId('locked-banner').waitFor({ state: 'detached' })
    await visible(page.getByRole('button', { name: 'Add Section' }))

    // Regenerate (confirmed): the old link stops working, the new one works.
    const dialog = await openShareDialog(page)
    await dialog.getByRole('button', { name: 'Regenerate Link' }).click()
    const sure = await visible(page.getByRole('dialog', { name: 'Regenerate the link?' }))
    await sure.getByRole('button', { name: 'Regenerate Link' }).click()
    await expect.poll(() => dialog.getByTestId('share-link').inputValue()).not.toBe(link)
    const newLink = await dialog.getByTestId('share-link').inputValue()
    const old = await asClient(link, { mobile: true })
    await visible(old.page.getByText('Estimate Not Found'))
    await visible(old.page.getByText('This estimate link is invalid or has expired.'))
    await screenshot(old.page, 'share-page-not-found-mobile')
    await old.context.close()
    const fresh = await asClient(newLink, { mobile: true })
    await visible(fresh.page.getByText('Construction Estimate'))
    await screenshot(fresh.page, 'share-page-mobile')
    await fresh.context.close()

    // Disable: the token is removed and the link is dead.
    await dialog.getByRole('button', { name: 'Disable Sharing' }).click()
    await visible(dialog.getByText('Sharing is off'))
    await visible(toastText(page, 'Sharing disabled'))
    const gone = await asClient(newLink)
    await visible(gone.page.getByText('Estimate Not Found'))
    await gone.context.close()
  })

  it('lets the client decline with a reason, and the contractor sees it', async () => {
    const { context, page } = await signedIn(browser)
    const est = await createEstimate(page)
    const { shareToken } = await apiOk<{ shareToken: string }>(page, 'POST', `${est.base}/share`)

    const client = await asClient(`/share/${shareToken}`, { mobile: true })
    const cp = client.page
    await cp.getByRole('button', { name: 'Decline' }).click()
    const decline = await visible(cp.getByRole('dialog', { name: 'Decline Estimate' }))
    await decline.getByLabel('Reason (optional)').fill('The budget is higher than planned.')
    await screenshot(cp, 'share-decline-dialog-mobile', { fullPage: false })
    await decline.getByRole('button', { name: 'Decline Estimate' }).click()
    await visible(cp.getByText('Estimate declined'))
    await screenshot(cp, 'share-declined-confirmation-mobile')
    await client.context.close()

    await page.goto(`/estimates/${est.id}`)
    const card = await visible(page.getByTestId('approval-card'))
    await visible(card.getByText('Client Declined'))
    await visible(card.getByText('The budget is higher than planned.'))
    expect(await page.getByTestId('estimate-status').textContent()).toContain('Rejected')
    await context.close()
  })
})
