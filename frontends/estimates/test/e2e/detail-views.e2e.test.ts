import { launchBrowser, overflowingElements, screenshot } from '@plumbline/testing'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addItem, addSection, apiOk, createEstimate, signedIn, visible } from './detail-helpers'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** Whether the element lies across the viewport's width, so it is read without scrolling sideways. */
async function fitsViewportWidth(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox()
  return !!box && box.x >= 0 && box.x + box.width <= page.viewportSize()!.width
}

const long = Array.from({ length: 8 }, (_, i) => `Step ${i + 1}: demolition, framing, electrical and finishes as agreed on site.`).join('\n')

/** Drags with a finger: real touch events through the DevTools protocol (Playwright's touchscreen only taps). */
async function touchDrag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!
  const b = (await to.boundingBox())!
  const start = { x: a.x + a.width / 2, y: a.y + a.height / 2 }
  const end = { x: b.x + b.width / 2, y: b.y + b.height / 2 }
  const cdp = await page.context().newCDPSession(page)
  const touch = (type: 'touchStart' | 'touchMove', x: number, y: number) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: [{ x, y }] })
  await touch('touchStart', start.x, start.y)
  for (let step = 1; step <= 12; step++) await touch('touchMove', start.x + ((end.x - start.x) * step) / 12, start.y + ((end.y - start.y) * step) / 12)
  await page.waitForTimeout(150)
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await cdp.detach()
}

describe('estimate detail: contractor mode, client view and not found', () => {
  it('shows the header, cards and documentation states, and Client View hides everything contractor-only', async () => {
    const { context, page } = await signedIn(browser)
    const est = await createEstimate(page, { totalCost: 123456.78, squareFootage: 1500 })
    await apiOk(page, 'PATCH', `${est.base}/content/scope_of_work`, { content: long })
    await apiOk(page, 'PATCH', `${est.base}/content/qa_notes`, { content: 'Q: Permit timing? A: Two weeks.' })
    const s = await addSection(page, est, 'Electrical')
    await addItem(page, est, s.id, { name: 'Panel upgrade', quantity: 1, unit: 'each', unitCost: 2400, isSubcontractor: true, isMaterial: false })

    await page.goto(`/estimates/${est.id}`)
    await visible(page.getByRole('heading', { name: 'Project Documentation' }))
    // 15% of 123,456.78 = 18,518.517: 104,938.26… → 104,938 and 141,975.29… → 141,975; 123,456.78 / 1,500 = 82.30
    expect(await page.getByTestId('estimated-range').textContent()).toBe('$104,938 - $141,975')
    expect(await page.getByTestId('cost-per-sqft').textContent()).toBe('$82.30')
    for (const title of ['Executive Summary', 'Project Overview', 'Scope of Work', 'Timeline', 'Q&A Notes'])
      await visible(page.getByRole('heading', { name: title, exact: true }))

    // Long content starts collapsed with a 150-character preview (line breaks kept); Show more shows all of it.
    const scope = page.getByTestId('content-card-scope_of_work')
    const text = scope.getByTestId('content-text-scope_of_work')
    const cut = long.slice(0, 150).trimEnd()
    expect(await text.textContent()).toBe(`${cut.replaceAll('\n', '')}…`)
    expect(await text.locator('br').count()).toBe(cut.split('\n').length - 1)
    await scope.getByRole('button', { name: 'Show more' }).click()
    expect(await text.textContent()).toBe(long.replaceAll('\n', ''))
    expect(await text.locator('br').count()).toBe(7)

    // Empty card: it offers Generate with AI (ai-content-pdf.e2e covers it) and writing by hand works.
    const timeline = page.getByTestId('content-card-timeline')
    expect(await timeline.getAttribute('data-state')).toBe('empty')
    expect(await timeline.getByRole('button', { name: 'Generate with AI' }).isDisabled()).toBe(false)
    await timeline.getByRole('button', { name: 'Write manually' }).click()
    expect(await timeline.getAttribute('data-state')).toBe('editing')
    await timeline.getByLabel('Timeline content').fill('  Weeks 1-2: demolition. Weeks 3-6: build-out.  ')
    await timeline.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => timeline.getAttribute('data-state')).toBe('populated')
    expect((await apiOk(page, 'GET', est.base)).contentSections.timeline).toBe('Weeks 1-2: demolition. Weeks 3-6: build-out.')
    expect(await page.getByRole('button', { name: 'Export PDF' }).isDisabled()).toBe(false)
    expect(await page.getByRole('button', { name: 'Generate All Content' }).isDisabled()).toBe(false)
    await visible(page.getByTestId('meeting-notes'))
    await screenshot(page, 'detail-contractor')

    // Client View: read-only, no contractor controls, no Q&A notes, no meeting notes, no markup panel.
    await page.getByLabel('Client View').click()
    await visible(page.getByText('Client View: this is what your client sees. Editing is hidden.'))
    for (const name of ['Share', 'Export PDF', 'Edit Estimate', 'Generate All Content', 'Adjust Budget', 'Add Section']) {
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0)
    }
    expect(await page.getByRole('heading', { name: 'Q&A Notes' }).count()).toBe(0)
    expect(await page.getByRole('heading', { name: 'Markup & Tax' }).count()).toBe(0)
    expect(await page.getByTestId('meeting-notes').count()).toBe(0)
    expect(await page.getByRole('switch', { name: 'Show to client' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: /^Edit Panel upgrade/ }).count()).toBe(0)
    await visible(page.getByText('Panel upgrade'))
    await screenshot(page, 'detail-client-view')
    await page.getByLabel('Client View').click()
    await visible(page.getByRole('button', { name: 'Share', exact: true }))

    // The manual status menu.
    await page.getByRole('button', { name: 'Change status' }).click()
    await page.getByRole('menuitem', { name: 'Pending' }).click()
    await expect.poll(() => page.getByTestId('estimate-status').textContent()).toContain('Pending')
    expect((await apiOk(page, 'GET', est.base)).status).toBe('pending')

    // Edit Estimate opens the shared estimate dialog; the header follows the change.
    await page.getByRole('button', { name: 'Edit Estimate' }).click()
    const edit = await visible(page.getByRole('dialog', { name: 'Edit Estimate' }))
    await edit.getByLabel('Project Name').fill('Primary Bath Refresh')
    await edit.getByRole('button', { name: 'Update Estimate' }).click()
    await visible(page.getByRole('heading', { name: 'Primary Bath Refresh', level: 1 }), 20_000)
    await context.close()
  })

  it('looks right on a phone and in dark mode', async () => {
    const phone = await signedIn(browser, { mobile: true })
    const est = await createEstimate(phone.page)
    const s = await addSection(phone.page, est, 'Roofing')
    await addItem(phone.page, est, s.id, {
      name: 'Architectural shingles',
      description: 'Class 4 impact rated, with starter strip, ridge caps and ice and water shield at the eaves and valleys',
      quantity: 32,
      unit: 'sqft',
      unitCost: 95,
    })
    await addItem(phone.page, est, s.id, {
      name: 'Ice-and-water-shield self-adhering underlayment along every eave, valley and penetration',
      quantity: 6,
      unit: 'each',
      unitCost: 1249.5,
      isLabor: true,
      isMaterial: false,
    })
    // A long profile name and summary must wrap or truncate, not widen the page.
    await apiOk(phone.page, 'POST', `${est.org}/markup-profiles`, {
      name: 'Storm season restoration with supervisor and permit allowance',
      overheadPercentage: '12.5',
      profitPercentage: '15',
      contingencyPercentage: '7.5',
      laborMarkupPercentage: '5',
      materialMarkupPercentage: '10',
      equipmentMarkupPercentage: '8',
      subcontractorMarkupPercentage: '6',
      isTemplate: false,
      estimateId: est.id,
    })
    await phone.page.goto(`/estimates/${est.id}`)
    await visible(phone.page.getByRole('heading', { name: 'Line Items' }))
    await visible(phone.page.getByRole('radio', { name: 'Storm season restoration with supervisor and permit allowance' }))
    await screenshot(phone.page, 'detail-mobile')
    expect(await overflowingElements(phone.page)).toEqual([])

    // Line items are cards on a phone: the quantity line and the total are on screen, not off to the right of a wide table.
    const roofing = phone.page.getByTestId('line-item-section').filter({ hasText: 'Roofing' })
    const card = await visible(roofing.getByTestId('line-item-row').filter({ hasText: 'Architectural shingles' }))
    expect(await roofing.getByRole('table').count()).toBe(0)
    const quantity = await visible(card.getByTestId('line-item-quantity'))
    expect(await quantity.textContent()).toBe('32 sqft × $95.00')
    expect(await card.getByTestId('line-item-total').textContent()).toBe('$3,040.00')
    for (const figure of [quantity, card.getByTestId('line-item-total'), card.getByRole('button', { name: 'Edit Architectural shingles' })]) {
      expect(await fitsViewportWidth(phone.page, figure)).toBe(true)
    }

    // Editing on a phone goes through the dialog, prefilled from the item.
    await card.getByRole('button', { name: 'Edit Architectural shingles' }).click()
    const edit = await visible(phone.page.getByRole('dialog', { name: 'Edit Line Item' }))
    expect(await edit.getByLabel('Quantity').inputValue()).toBe('32')
    await edit.getByLabel('Quantity').fill('40')
    expect(await edit.getByTestId('line-item-dialog-total').textContent()).toBe('$3,800.00')
    await screenshot(phone.page, 'detail-mobile-edit-line-item', { fullPage: false })
    await edit.getByRole('button', { name: 'Save' }).click()
    await edit.waitFor({ state: 'hidden' })
    await expect.poll(() => card.getByTestId('line-item-total').textContent()).toBe('$3,800.00')
    expect(await quantity.textContent()).toBe('40 sqft × $95.00')
    const [roofingSaved] = await apiOk<{ lineItems: { name: string; quantity: string; totalCost: string }[] }[]>(phone.page, 'GET', `${est.base}/sections`)
    expect(roofingSaved!.lineItems.find((i) => i.name === 'Architectural shingles')).toMatchObject({ quantity: '40.000', totalCost: '3800.00' })
    await roofing.evaluate((el) => el.scrollIntoView({ block: 'center' }))

    // A finger on a card's grip reorders (the grip is touch-none, so the page does not scroll instead).
    const second = roofing.getByTestId('line-item-row').nth(1)
    await touchDrag(phone.page, second.getByRole('button', { name: /^Reorder Ice-and-water/ }), roofing.getByTestId('line-item-row').first())
    await expect
      .poll(() => roofing.getByTestId('line-item-name').allTextContents())
      .toEqual(['Ice-and-water-shield self-adhering underlayment along every eave, valley and penetration', 'Architectural shingles'])
    await expect
      .poll(async () => (await apiOk<{ lineItems: { name: string }[] }[]>(phone.page, 'GET', `${est.base}/sections`))[0]!.lineItems[0]!.name)
      .toMatch(/^Ice-and-water/)
    await screenshot(phone.page, 'detail-mobile-line-items', { fullPage: false })
    await phone.context.close()

    const darkPhone = await signedIn(browser, { mobile: true, colorScheme: 'dark' })
    await darkPhone.page.goto(`/estimates/${est.id}`)
    const darkRoofing = await visible(darkPhone.page.getByTestId('line-item-section').filter({ hasText: 'Roofing' }))
    await darkRoofing.evaluate((el) => el.scrollIntoView({ block: 'center' }))
    await screenshot(darkPhone.page, 'detail-mobile-line-items-dark', { fullPage: false })
    // Client View: the same cards, without the drag handle or the Edit/Delete buttons.
    await darkPhone.page.getByLabel('Client View').click()
    await visible(darkPhone.page.getByText('Client View: this is what your client sees. Editing is hidden.'))
    expect(await darkRoofing.getByTestId('line-item-row').getByRole('button').count()).toBe(0)
    await darkRoofing.evaluate((el) => el.scrollIntoView({ block: 'center' }))
    await screenshot(darkPhone.page, 'detail-mobile-client-view-dark', { fullPage: false })
    await darkPhone.context.close()

    const dark = await signedIn(browser, { colorScheme: 'dark' })
    await dark.page.goto(`/estimates/${est.id}`)
    await visible(dark.page.getByRole('heading', { name: 'Line Items' }))
    await dark.page.getByRole('button', { name: 'Share', exact: true }).click()
    await visible(dark.page.getByRole('dialog', { name: 'Share Estimate' }))
    await screenshot(dark.page, 'detail-share-dialog-dark', { fullPage: false })
    await dark.page.keyboard.press('Escape')
    await screenshot(dark.page, 'detail-dark')
    await dark.context.close()
  })

  it('shows Estimate Not Found with a way back for a missing estimate', async () => {
    const { context, page } = await signedIn(browser)
    await page.goto('/estimates/00000000-0000-4000-8000-000000000000')
    await visible(page.getByText('Estimate Not Found'))
    await screenshot(page, 'detail-not-found', { fullPage: false })
    await page.getByRole('button', { name: 'Back to Estimates' }).click()
    await page.waitForURL((u) => u.pathname === '/cost-estimator')
    await context.close()
  })
})
