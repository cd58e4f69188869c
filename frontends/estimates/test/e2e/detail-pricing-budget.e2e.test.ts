import { launchBrowser, newPage, pdfText, screenshot } from '@plumbline/testing'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addItem, addSection, apiOk, createEstimate, signedIn, toastText, visible } from './detail-helpers'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

// Markup and tax in three steps, each a test of its own on one page and estimate.
let session: Awaited<ReturnType<typeof signedIn>>
let est: Awaited<ReturnType<typeof createEstimate>>
const pricingPanel = (page: Page) => page.locator('section', { has: page.getByRole('heading', { name: 'Markup & Tax' }) })
afterAll(async () => {
  await session?.context.close()
})

describe('estimate detail: markup, tax and the phase budget', () => {
  it('applies a markup preset and two tax presets and shows the totals worked out by hand', async () => {
    session = await signedIn(browser)
    const { page } = session
    est = await createEstimate(page)
    const kitchen = await addSection(page, est, 'Kitchen')
    await addItem(page, est, kitchen.id, { name: 'Cabinets', quantity: 10, unit: 'each', unitCost: 100 }) // Material 1,000.00
    await addItem(page, est, kitchen.id, { name: 'Install crew', quantity: 5, unit: 'hours', unitCost: 80, isLabor: true, isMaterial: false }) // Labor 400.00
    await addItem(page, est, kitchen.id, {
      name: 'Lift rental',
      quantity: 2,
      unit: 'days',
      unitCost: 137.5,
      isEquipment: true,
      isMaterial: false,
      applyMarkup: false,
    }) // Equipment 275.00

    await page.goto(`/estimates/${est.id}`)
    const panel = await visible(pricingPanel(page))
    await expect.poll(() => panel.getByTestId('totals-grand-total').textContent()).toBe('$1,675.00')

    // Markup: validation, then the General Contractor preset (20 / 15 / 5, material +10, equipment +15, sub +5).
    await panel.getByRole('button', { name: 'New Markup Profile' }).click()
    let dialog = await visible(page.getByRole('dialog', { name: 'New Markup Profile' }))
    await dialog.getByLabel('Overhead (%)').fill('120')
    await dialog.getByRole('button', { name: 'Create Profile' }).click()
    await visible(dialog.getByText('Name is required'))
    await visible(dialog.getByText('Must be between 0 and 100'))
    expect(await dialog.getByLabel('Overhead (%)').getAttribute('step')).toBe('0.1')
    await dialog.getByRole('button', { name: 'General Contractor' }).click()
    expect(await dialog.getByLabel('Overhead (%)').inputValue()).toBe('20')
    expect(await dialog.getByLabel('Material markup (%)').inputValue()).toBe('10')
    const markupName = `GC ${Date.now().toString(36)}`
    await dialog.getByLabel('Name').fill(markupName)
    await screenshot(page, 'detail-markup-profile-dialog', { fullPage: false })
    await dialog.getByRole('button', { name: 'Create Profile' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await expect.poll(() => panel.getByRole('radio', { name: markupName }).getAttribute('aria-checked')).toBe('true')

    // Two taxes from presets: California 0.0825 and Florida 0.06, both on materials and equipment.
    for (const preset of ['California', 'Florida']) {
      await panel.getByRole('button', { name: 'New Tax Profile' }).click()
      dialog = await visible(page.getByRole('dialog', { name: 'New Tax Profile' }))
      if (preset === 'California') {
        await dialog.getByLabel('Rate (0 to 1)').fill('1.5')
        await dialog.getByRole('button', { name: 'Create Profile' }).click()
        await visible(dialog.getByText('Name is required'))
        await visible(dialog.getByText('Rate must be between 0 and 1'))
        expect(await dialog.getByLabel('Rate (0 to 1)').getAttribute('step')).toBe('0.0001')
      }
      await dialog.getByRole('button', { name: preset, exact: true }).click()
      await dialog.getByLabel('Name').fill(`${preset} ${Date.now().toString(36)}`)
      if (preset === 'Florida') await screenshot(page, 'detail-tax-profile-dialog', { fullPage: false })
      await dialog.getByRole('button', { name: 'Create Profile' }).click()
      await dialog.waitFor({ state: 'hidden' })
    }

    // By hand (spec 001 §9: tax on the marked-up total): base 1,000 + 400 + 275 = 1,675.00
    //   overhead 20% 335.00, profit 15% 251.25, contingency 5% 83.75 (670.00 = 0.40 per base dollar)
    //   cost-type markup: material 10% of 1,000 = 100.00; labor 0%; the lift has no markup
    //   markup 770.00 → subtotal with markup 2,445.00
    //   taxable (materials + equipment): cabinets 1,000 + 100 type markup + 400 share of the margins,
    //   lift 275 + 110 share = 1,885.00 (the crew's 160 share stays untaxed: labor is not taxed here)
    //   California 1,885 × 0.0825 = 155.5125 → 155.51; Florida 1,885 × 0.06 = 113.10
    //   tax 268.61 → grand total 2,713.61
    const expected = {
      'totals-subtotal': '$1,675.00',
      'totals-overhead': '$335.00',
      'totals-profit': '$251.25',
      'totals-contingency': '$83.75',
      'totals-cost-type-markup': '$100.00',
      'totals-markup': '$770.00',
      'totals-subtotal-with-markup': '$2,445.00',
      'totals-tax': '$268.61',
      'totals-grand-total': '$2,713.61',
    }
    await expect.poll(() => panel.getByTestId('totals-grand-total').textContent(), { timeout: 10_000 }).toBe(expected['totals-grand-total'])
    for (const [testId, value] of Object.entries(expected)) expect(await panel.getByTestId(testId).textContent(), testId).toBe(value)
    const taxLines = await panel.locator('[data-testid^="totals-tax-"]').allTextContents()
    expect(taxLines.sort()).toEqual(['$155.51', '$113.10'].sort())
    const pricing = await apiOk(page, 'GET', `${est.base}/pricing`)
    expect(pricing.taxProfileIds).toHaveLength(2)
    expect(pricing.totals.grandTotal).toBe('2713.61')
    await panel.scrollIntoViewIfNeeded()
    await screenshot(page, 'detail-markup-tax-totals')
  })

  it('prints the same totals in the PDF and on the page the client opens', async () => {
    const { page } = session
    // The PDF prints the same figures (the server's totals, not a second computation).
    const { downloadUrl } = await apiOk<{ downloadUrl: string }>(page, 'POST', `${est.base}/generate-pdf`)
    const pdf = pdfText(Buffer.from(await (await page.request.get(downloadUrl)).body()))
    for (const [label, value] of [
      ['Subtotal', '$1,675.00'],
      ['Markup', '$770.00'],
      ['Tax', '$268.61'],
      ['Grand Total', '$2,713.61'],
    ])
      expect(pdf).toMatch(new RegExp(`${label}\\s+\\${value}`))
    // And so does the page the client opens.
    const { shareToken } = await apiOk<{ shareToken: string }>(page, 'POST', `${est.base}/share`)
    const client = await newPage(browser)
    await client.page.goto(`/share/${shareToken}`)
    await expect.poll(() => client.page.getByTestId('public-grand-total').textContent(), { timeout: 15_000 }).toBe('$2,713.61')
    await client.context.close()
  })

  it('unticking a tax profile takes its line out of the totals; deleting one asks first', async () => {
    const { page } = session
    const panel = pricingPanel(page)
    // Unticking one tax profile takes its line out of the totals.
    const florida = panel.getByRole('checkbox', { name: /^Apply Florida/ })
    await florida.click()
    await expect.poll(() => panel.getByTestId('totals-grand-total').textContent()).toBe('$2,600.51')

    // Deleting a profile asks first.
    await panel.getByRole('button', { name: /^Delete Florida/ }).click()
    const confirm = await visible(page.getByRole('dialog', { name: 'Delete tax profile?' }))
    await confirm.getByRole('button', { name: 'Delete Profile' }).click()
    await panel.getByRole('checkbox', { name: /^Apply Florida/ }).waitFor({ state: 'detached' })
  })

  it('adjusts the phase budget: warnings, Cancel, Fix to 100 and Save', async () => {
    const { context, page } = await signedIn(browser)
    const est = await createEstimate(page)
    const before = await apiOk<{ id: string; name: string; percentage: string; isEnabled: boolean }[]>(page, 'GET', `${est.base}/phases`)
    expect(before.length).toBeGreaterThan(2)
    const framing = before[2]!

    await page.goto(`/estimates/${est.id}`)
    const card = await visible(page.locator('section', { has: page.getByRole('heading', { name: 'Cost Breakdown by Phase' }) }))
    await card.getByRole('button', { name: 'Adjust Budget' }).click()
    const save = card.getByRole('button', { name: 'Save Changes' })
    expect(await save.isDisabled()).toBe(true) // nothing edited yet
    const percentage = card.getByLabel(`${framing.name} percentage`)
    expect(await percentage.getAttribute('step')).toBe('0.1')
    expect(await card.getByLabel(`${framing.name} amount`).getAttribute('step')).toBe('1000')

    // Cancel discards.
    await percentage.fill('50')
    await visible(card.getByText(/^Over-allocated by/))
    await card.getByRole('button', { name: 'Cancel' }).click()
    await visible(card.getByRole('button', { name: 'Adjust Budget' }))
    expect(await card.getByTestId('phase-percentage').nth(2).textContent()).toBe(`${Number(framing.percentage)}%`)

    // Over-allocate by 10 points, then Fix to 100 scales the enabled phases back.
    await card.getByRole('button', { name: 'Adjust Budget' }).click()
    await card.getByLabel(`${framing.name} percentage`).fill(String(Number(framing.percentage) + 10))
    expect(await save.isDisabled()).toBe(false)
    expect(await card.getByTestId('budget-status').textContent()).toContain('Over-allocated by 10%')
    await screenshot(page, 'detail-budget-over-allocated', { fullPage: false })
    // Excluding a phase worth more than the 10 extra points leaves part of the budget unallocated.
    const big = before.filter((p) => p.id !== framing.id).sort((x, y) => Number(y.percentage) - Number(x.percentage))[0]!
    expect(Number(big.percentage)).toBeGreaterThan(10)
    await card.getByRole('switch', { name: `Include ${big.name}` }).click()
    expect(await card.getByTestId('budget-status').textContent()).toContain('unallocated')
    await screenshot(page, 'detail-budget-unallocated', { fullPage: false })
    await card.getByRole('switch', { name: `Include ${big.name}` }).click()
    await card.getByRole('button', { name: 'Fix to 100%' }).click()
    expect(await card.getByTestId('budget-status').textContent()).toContain('Balanced: 100% allocated')
    await screenshot(page, 'detail-budget-fixed', { fullPage: false })
    await save.click()
    await visible(toastText(page, 'Budget saved'))
    await visible(card.getByRole('button', { name: 'Adjust Budget' }))

    const after = await apiOk<{ name: string; percentage: string; amount: string; isEnabled: boolean }[]>(page, 'GET', `${est.base}/phases`)
    const sum = after.filter((p) => p.isEnabled).reduce((a, p) => a + Math.round(Number(p.percentage) * 100), 0) / 100
    expect(sum).toBe(100)
    const scaled = after.find((p) => p.name === framing.name)!
    const expectedShare = ((Number(framing.percentage) + 10) / 110) * 100
    expect(Math.abs(Number(scaled.percentage) - expectedShare)).toBeLessThanOrEqual(0.01)
    expect(Number(scaled.amount)).toBeCloseTo(Number(scaled.percentage) * 1000, 2) // total 100,000

    await page.reload()
    const reloaded = await visible(page.locator('section', { has: page.getByRole('heading', { name: 'Cost Breakdown by Phase' }) }))
    expect(await reloaded.getByTestId('phase-percentage').nth(2).textContent()).toBe(`${Number(scaled.percentage)}%`)
    await context.close()
  })
})
