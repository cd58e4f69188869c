import { formatCurrency } from '@plumbline/contracts/format'
import { DESKTOP, launchBrowser, MOBILE, newPage, overflowingElements, screenshot, uniqueEmail } from '@plumbline/testing'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addItem, addSection, apiOk, type Created, contractorContext, createEstimate, visible } from './detail-helpers'

// Revisions: the contractor sends an estimate, the client views it, the contractor changes a
// quantity and adds an item, and the client's next visit says "Updated since you last viewed"
// with what changed and the totals before → after; the contractor sees the revisions (who, when)
// and the same diff. The estimate, its items, the send and the edits go through the API; the
// steps share them.

let browser: Browser
let contractor: BrowserContext
let page: Page
let client: { context: BrowserContext; page: Page }
let est: Created
let shareToken: string
let shingles: { id: string }
/** The itemised total (with the organisation's markup and tax, if any) before and after the edit. */
const grand = { before: '', after: '' }
const grandTotal = async () => formatCurrency((await apiOk<{ grandTotal: string }>(page, 'GET', `${est.base}/totals`)).grandTotal)
const clientEmail = uniqueEmail('revisions')

beforeAll(async () => {
  browser = await launchBrowser()
  const session = await contractorContext(browser)
  contractor = session.context
  page = session.page
  est = await createEstimate(page, { clientEmail, projectName: `Roof and gutters ${Date.now().toString(36)}` })
  const roofing = await addSection(page, est, 'Roofing')
  shingles = await addItem(page, est, roofing.id, {
    name: 'Architectural shingles',
    description: '30-year, charcoal',
    quantity: 20,
    unit: 'sqft',
    unitCost: 100,
  })
  client = await newPage(browser)
})
afterAll(async () => {
  await client?.context.close()
  await contractor?.close()
  await browser?.close()
})

describe('revisions', () => {
  it('the contractor sends the estimate and the client views it: nothing is marked as updated', async () => {
    const sent = await apiOk<{ shareUrl: string }>(page, 'POST', `${est.base}/send`, { to: [clientEmail] })
    shareToken = sent.shareUrl.split('/share/')[1]!
    grand.before = await grandTotal()
    const cp = client.page
    await cp.goto(`/share/${shareToken}`)
    await visible(cp.getByTestId('public-project-name'))
    await visible(cp.getByTestId('public-line-item').getByText('Architectural shingles'))
    expect(await cp.getByTestId('updated-banner').count()).toBe(0)
  })

  it('after the contractor changes a quantity and adds an item, the client sees what changed', async () => {
    await apiOk(page, 'PUT', `${est.org}/line-items/${shingles.id}`, {
      name: 'Architectural shingles',
      description: '30-year, charcoal',
      quantity: 24,
      unit: 'sqft',
      unitCost: 100,
    })
    const sections = await apiOk<{ id: string }[]>(page, 'GET', `${est.base}/sections`)
    await addItem(page, est, sections[0]!.id, { name: 'Gutter guards', quantity: 40, unit: 'lnft', unitCost: 12 })
    grand.after = await grandTotal()
    expect(grand.after).not.toBe(grand.before)

    const cp = client.page
    await cp.goto(`/share/${shareToken}`)
    const banner = await visible(cp.getByTestId('updated-banner'))
    await visible(banner.getByRole('heading', { name: 'Updated since you last viewed' }))
    const total = banner.getByTestId('updated-total')
    expect(await total.getByTestId('before').textContent()).toBe(grand.before)
    expect(await total.getByTestId('after').textContent()).toBe(grand.after)
    await banner.getByRole('button', { name: 'See what changed' }).click()
    const listed = await visible(banner.getByTestId('changed-grandTotal'))
    expect(await listed.getByTestId('after').textContent()).toBe(grand.after)
    const items = banner.getByTestId('changed-item')
    await visible(items.first())
    expect(await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-change')))).toEqual(['changed', 'added'])
    await visible(items.nth(0).getByText('20 sqft'))
    await visible(items.nth(0).getByText('24 sqft'))
    await visible(items.nth(1).getByText('40 lnft × $12.00 = $480.00'))
    await banner.scrollIntoViewIfNeeded()
    await screenshot(cp, 'share-updated-since-last-view', { fullPage: false })
    expect(await overflowingElements(cp)).toEqual([])
    // The same page on a phone's width: the list stacks, nothing runs off the side.
    await cp.setViewportSize(MOBILE)
    await banner.scrollIntoViewIfNeeded()
    await screenshot(cp, 'share-updated-since-last-view-phone', { fullPage: false })
    expect(await overflowingElements(cp)).toEqual([])
    await cp.setViewportSize(DESKTOP)

    // Seen now: the next visit says nothing.
    await cp.reload()
    await visible(cp.getByTestId('public-project-name'))
    expect(await cp.getByTestId('updated-banner').count()).toBe(0)
  })

  it('the contractor sees the revisions, who and when, and the same changes', async () => {
    await page.goto(`/estimates/${est.id}`)
    const card = await visible(page.getByTestId('revisions-card'))
    const rows = card.getByTestId('revision')
    await visible(rows.nth(1))
    expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-reason')))).toEqual(['viewed', 'sent'])
    await visible(rows.nth(0).getByText('Client view'))
    await visible(rows.nth(1).getByText(/Sent by demo@/))
    await card.scrollIntoViewIfNeeded()
    await screenshot(page, 'estimate-revisions-card', { fullPage: false })

    await rows.nth(0).getByRole('button', { name: 'What changed since revision 1' }).click()
    const dialog = await visible(page.getByRole('dialog', { name: 'What changed' }))
    const totals = await visible(dialog.getByTestId('changed-grandTotal'))
    expect(await totals.getByTestId('before').textContent()).toBe(grand.before)
    expect(await totals.getByTestId('after').textContent()).toBe(grand.after)
    expect(await dialog.getByTestId('changed-item').count()).toBe(2)
    await screenshot(page, 'estimate-revisions-compare', { fullPage: false })
  })
})
