import { e2eBaseUrl, launchBrowser, newPage, overflowingElements, signedIn, uniqueEmail, waitForMail } from '@plumbline/testing'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addItem, addSection, apiOk, type Created, createEstimate, visible } from './detail-helpers'
import { shot } from './estimates-helpers'

// The company flags enableCostByType (a Cost by Type card on the estimate detail page) and
// enableSections (line items grouped under sections, or one flat list). The flags are flipped
// through the company-settings API in an organisation of this file's own, registered here, so
// the journeys sharing the demo organisation in parallel never see them change.

const PASSWORD = 'Sturdy-Beam-42'
type Flags = { enableLineItems: boolean; enableMarkupProfiles: boolean; enableCostByType: boolean; enableSections: boolean }

let browser: Browser
let email: string
beforeAll(async () => {
  browser = await launchBrowser()
  email = uniqueEmail('flags')
  const { context, page } = await newPage(browser)
  await page.goto('/register')
  await page.getByLabel('First Name').fill('Flo')
  await page.getByLabel('Last Name').fill('Flags')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirm Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Create Account' }).click()
  await visible(page.getByText('Check Your Email'))
  const mail = await waitForMail(e2eBaseUrl(), email, 'Verify')
  await page.goto(mail.links.find((l) => l.includes('/verify-email?token='))!)
  await visible(page.getByText('Email Verified'))
  await context.close()
})
afterAll(async () => {
  await browser?.close()
})

/** A browser session of the registered contractor (desktop, phone or dark), on the dashboard. */
async function contractor(opts: { mobile?: boolean; colorScheme?: 'light' | 'dark' } = {}) {
  return signedIn(browser, { ...opts, as: { email, password: PASSWORD } })
}

const settingsPath = (est: Created) => `${est.org}/company-settings`
const setFlags = (page: Page, est: Created, flags: Partial<Flags>) => apiOk(page, 'PUT', settingsPath(est), flags)
/** The four flags as they are now, to put back at the end. */
async function currentFlags(page: Page, est: Created): Promise<Flags> {
  const s = await apiOk<Flags>(page, 'GET', settingsPath(est))
  return {
    enableLineItems: s.enableLineItems,
    enableMarkupProfiles: s.enableMarkupProfiles,
    enableCostByType: s.enableCostByType,
    enableSections: s.enableSections,
  }
}

/**
 * The worked example of libs/contracts/src/money/totals.ts in two sections, and its markup
 * profile (overhead 20, profit 15, contingency 5; labor +2.5, material +10, equipment +15, sub +5).
 */
async function workedExample(page: Page): Promise<Created> {
  const est = await createEstimate(page)
  const framing = await addSection(page, est, 'Framing', 0)
  const finishes = await addSection(page, est, 'Finishes', 1)
  const labor = { isLabor: true, isMaterial: false }
  await addItem(page, est, framing.id, { name: 'Carpenter', quantity: 10, unit: 'hours', unitCost: 45, ...labor }) // 450.00
  await addItem(page, est, framing.id, { name: 'Studs', quantity: '120.5', unit: 'sqft', unitCost: '3.19' }) // 384.395 → 384.40
  await addItem(page, est, framing.id, {
    name: 'Lift rental',
    quantity: 2,
    unit: 'days',
    unitCost: 137.5,
    isEquipment: true,
    isMaterial: false,
    applyMarkup: false,
  }) // 275.00
  await addItem(page, est, finishes.id, { name: 'Tile install', quantity: 1, unitCost: 1200, isSubcontractor: true, isMaterial: false }) // 1,200.00
  await addItem(page, est, finishes.id, { name: 'Permit fee', quantity: 1, unitCost: '99.99', isMaterial: false }) // Other 99.99
  await addItem(page, est, finishes.id, { name: 'Grout', quantity: 4, unitCost: '6.17' }) // 24.68
  const profile = await apiOk<{ id: string }>(page, 'POST', `${est.org}/markup-profiles`, {
    name: `Flags GC ${Date.now().toString(36)}`,
    overheadPercentage: 20,
    profitPercentage: 15,
    contingencyPercentage: 5,
    laborMarkupPercentage: 2.5,
    materialMarkupPercentage: 10,
    equipmentMarkupPercentage: 15,
    subcontractorMarkupPercentage: 5,
  })
  await apiOk(page, 'PUT', `${est.base}/pricing`, { markupProfileId: profile.id, taxProfileIds: [] })
  return est
}

const costCard = (page: Page) => page.locator('section', { has: page.getByRole('heading', { name: 'Cost by Type' }) })
const typeRows = async (card: Locator) =>
  card
    .getByTestId('cost-type-row')
    .evaluateAll((rows) =>
      rows.map((r) => [
        r.getAttribute('data-type'),
        ...['cost-type-subtotal', 'cost-type-markup', 'cost-type-total', 'cost-type-share'].map((id) => r.querySelector(`[data-testid="${id}"]`)?.textContent),
      ]),
    )
// Hand-worked in libs/contracts/test/markup.test.ts: overhead + profit + contingency (973.62)
// shared pro rata to cost, plus each type's own markup on its items with applyMarkup.
const EXPECTED_ROWS = [
  ['Labor', '$450.00', '$191.25', '$641.25', '18.2%'],
  ['Material', '$409.08', '$204.54', '$613.62', '17.4%'],
  ['Equipment', '$275.00', '$110.00', '$385.00', '11.0%'],
  ['Subcontractor', '$1,200.00', '$540.00', '$1,740.00', '49.4%'],
  ['Other', '$99.99', '$39.99', '$139.98', '4.0%'],
]

/** Brings a part of the page to the top for a screenshot, clear of the phone's sticky header. */
async function scrollToTop(target: Locator) {
  await target.evaluate((el) => {
    el.scrollIntoView({ block: 'start' })
    window.scrollBy(0, -72)
  })
}

async function openDetail(page: Page, est: Created) {
  await page.goto(`/estimates/${est.id}`)
  await visible(page.getByRole('heading', { name: 'Line Items' }))
  await visible(page.getByTestId('line-item-row'))
}

describe('company feature flags on the estimate detail page', () => {
  it('enableCostByType: on, a Cost by Type card whose figures add up to the totals on the page; off, no card', async () => {
    const { context, page } = await contractor()
    const est = await workedExample(page)
    const before = await currentFlags(page, est)
    try {
      await setFlags(page, est, { enableLineItems: true, enableMarkupProfiles: true, enableSections: true, enableCostByType: false })
      await openDetail(page, est)
      await visible(page.getByRole('heading', { name: 'Markup & Tax' }))
      expect(await page.getByRole('heading', { name: 'Cost by Type' }).count()).toBe(0)

      await setFlags(page, est, { enableCostByType: true })
      await page.reload()
      const card = costCard(page)
      await visible(card.getByTestId('cost-type-row'))
      expect(await typeRows(card)).toEqual(EXPECTED_ROWS)
      // The footer is the page's own totals: the line items' grand total and the markup panel's figures.
      await expect.poll(() => page.getByTestId('totals-subtotal-with-markup').textContent()).toBe('$3,519.85')
      expect(await card.getByTestId('cost-by-type-subtotal').textContent()).toBe(await page.getByTestId('line-items-grand-total').textContent())
      expect(await card.getByTestId('cost-by-type-subtotal').textContent()).toBe('$2,434.07')
      expect(await card.getByTestId('cost-by-type-markup').textContent()).toBe(await page.getByTestId('totals-markup').textContent())
      expect(await card.getByTestId('cost-by-type-markup').textContent()).toBe('$1,085.78')
      expect(await card.getByTestId('cost-by-type-total').textContent()).toBe('$3,519.85')
      expect(await overflowingElements(page)).toEqual([])
      await scrollToTop(card)
      await shot(page, 'flags-cost-by-type', { fullPage: false })

      // A changed item changes the card with the totals (the same queries refresh both).
      await page.getByRole('button', { name: 'Edit Permit fee' }).click()
      const editing = page.locator('[data-testid="line-item-row"][data-editing="true"]')
      await editing.getByLabel('Unit cost').fill('199.99')
      await editing.getByRole('button', { name: 'Save line item' }).click()
      await expect.poll(() => page.getByTestId('totals-subtotal-with-markup').textContent()).toBe('$3,659.85') // + 100 + 40% of it
      await expect.poll(() => card.getByTestId('cost-by-type-total').textContent()).toBe('$3,659.85')
      expect(await card.locator('[data-type="Other"] [data-testid="cost-type-subtotal"]').textContent()).toBe('$199.99')

      // Markup stays the contractor's business.
      await page.getByRole('switch', { name: 'Client View' }).click()
      await visible(page.getByText('Client View: this is what your client sees.'))
      expect(await page.getByRole('heading', { name: 'Cost by Type' }).count()).toBe(0)

      for (const opts of [{ mobile: true }, { colorScheme: 'dark' as const }]) {
        const other = await contractor(opts)
        await openDetail(other.page, est)
        const c = costCard(other.page)
        await visible(c.getByTestId('cost-type-row'))
        await expect.poll(() => c.getByTestId('cost-by-type-total').textContent()).toBe('$3,659.85')
        expect(await c.getByTestId('cost-type-row').count()).toBe(5)
        expect(await overflowingElements(other.page)).toEqual([])
        await scrollToTop(c)
        await shot(other.page, opts.mobile ? 'flags-cost-by-type-phone' : 'flags-cost-by-type-dark', { fullPage: false })
        await other.context.close()
      }

      await setFlags(page, est, { enableCostByType: false })
      await page.reload()
      await visible(page.getByRole('heading', { name: 'Markup & Tax' }))
      expect(await page.getByRole('heading', { name: 'Cost by Type' }).count()).toBe(0)
    } finally {
      await setFlags(page, est, before)
    }
    await context.close()
  }, 180_000)

  it('enableSections: on, items grouped under their sections; off, one flat list labelled by section where items can still be added', async () => {
    const { context, page } = await contractor()
    const est = await workedExample(page)
    const before = await currentFlags(page, est)
    const names = () => page.getByTestId('line-item-name').allTextContents()
    try {
      await setFlags(page, est, { enableLineItems: true, enableSections: true })
      await openDetail(page, est)
      const blocks = page.getByTestId('line-item-section')
      await visible(blocks)
      expect(await blocks.evaluateAll((els) => els.map((e) => e.getAttribute('data-section-name')))).toEqual(['Framing', 'Finishes'])
      expect(await blocks.getByTestId('section-total').allTextContents()).toEqual(['$1,109.40', '$1,324.67'])
      await visible(page.getByRole('button', { name: 'Add Section' }))
      expect(await page.getByTestId('line-items-flat').count()).toBe(0)
      expect(await page.getByTestId('line-item-section-label').count()).toBe(0)
      await scrollToTop(page.getByRole('heading', { name: 'Line Items' }))
      await shot(page, 'flags-sections-on', { fullPage: false })

      await setFlags(page, est, { enableSections: false })
      await page.reload()
      const flat = page.getByTestId('line-items-flat')
      await visible(flat.getByTestId('line-item-row'))
      expect(await page.getByTestId('line-item-section').count()).toBe(0)
      expect(await page.getByRole('button', { name: 'Add Section' }).count()).toBe(0)
      expect(await names()).toEqual(['Carpenter', 'Studs', 'Lift rental', 'Tile install', 'Permit fee', 'Grout'])
      expect(await flat.getByTestId('line-item-section-label').allTextContents()).toEqual([
        ...Array(3).fill('Section: Framing'),
        ...Array(3).fill('Section: Finishes'),
      ])
      expect(await page.getByTestId('line-items-grand-total').textContent()).toBe('$2,434.07')
      expect(await overflowingElements(page)).toEqual([])

      // Adding still works: into the first section.
      await page.getByRole('button', { name: 'Add Line Item' }).click()
      const dialog = await visible(page.getByRole('dialog', { name: 'Add Line Item' }))
      await visible(dialog.getByText('Adds an item to Framing.'))
      await dialog.getByLabel('Name').fill('Joist hangers')
      await dialog.getByLabel('Quantity').fill('12')
      await dialog.getByLabel('Unit Cost ($)').fill('2.5')
      await dialog.getByRole('button', { name: 'Add Line Item' }).click()
      await dialog.waitFor({ state: 'hidden' })
      await expect.poll(names).toEqual(['Carpenter', 'Studs', 'Lift rental', 'Joist hangers', 'Tile install', 'Permit fee', 'Grout'])
      const added = flat.getByTestId('line-item-row').filter({ hasText: 'Joist hangers' })
      expect(await added.getByTestId('line-item-section-label').textContent()).toBe('Section: Framing')
      await expect.poll(() => page.getByTestId('line-items-grand-total').textContent()).toBe('$2,464.07')
      await scrollToTop(page.getByRole('heading', { name: 'Line Items' }))
      await shot(page, 'flags-sections-off', { fullPage: false })

      for (const opts of [{ mobile: true }, { colorScheme: 'dark' as const }]) {
        const other = await contractor(opts)
        await openDetail(other.page, est)
        const list = other.page.getByTestId('line-items-flat')
        await visible(list.getByTestId('line-item-section-label'))
        expect(await list.getByTestId('line-item-row').count()).toBe(7)
        expect(await overflowingElements(other.page)).toEqual([])
        await scrollToTop(other.page.getByRole('heading', { name: 'Line Items' }))
        await shot(other.page, opts.mobile ? 'flags-sections-off-phone' : 'flags-sections-off-dark', { fullPage: false })
        await other.context.close()
      }

      // An estimate without sections: the first item makes the "General" section.
      const empty = await createEstimate(page)
      await page.goto(`/estimates/${empty.id}`)
      await visible(page.getByText('Add a line item to start itemizing costs, or start from a template.'))
      await page.getByRole('button', { name: 'Add Line Item' }).first().click()
      const first = await visible(page.getByRole('dialog', { name: 'Add Line Item' }))
      await visible(first.getByText('Adds an item to General.'))
      await first.getByLabel('Name').fill('Site visit')
      await first.getByLabel('Unit Cost ($)').fill('80')
      await first.getByRole('button', { name: 'Add Line Item' }).click()
      await first.waitFor({ state: 'hidden' })
      const row = await visible(page.getByTestId('line-items-flat').getByTestId('line-item-row'))
      expect(await row.getByTestId('line-item-section-label').textContent()).toBe('Section: General')
      const sections = await apiOk<{ name: string; lineItems: { name: string }[] }[]>(page, 'GET', `${empty.base}/sections`)
      expect(sections.map((s) => [s.name, s.lineItems.map((i) => i.name)])).toEqual([['General', ['Site visit']]])

      // Back on: the same items, grouped again.
      await setFlags(page, est, { enableSections: true })
      await openDetail(page, est)
      await visible(page.getByTestId('line-item-section'))
      expect(await page.getByTestId('line-items-flat').count()).toBe(0)
      expect(await page.getByTestId('line-item-section').getByTestId('line-item-name').allTextContents()).toEqual([
        'Carpenter',
        'Studs',
        'Lift rental',
        'Joist hangers',
        'Tile install',
        'Permit fee',
        'Grout',
      ])
    } finally {
      await setFlags(page, est, before)
    }
    await context.close()
  }, 180_000)
})
