import { launchBrowser } from '@plumbline/testing'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiOk, orgPath, runTag, shot, signedIn, toast, visible, waitForPath } from './estimates-helpers'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Create New Estimate' })

/** Scrolls the dialog's own scroll area (the page behind it does not move). */
const scrollDialog = (page: Page, top: number) => dialog(page).evaluate((el, y) => el.scrollTo(0, y), top)

describe('create estimate dialog', () => {
  it('creates an estimate from a type and a template, with property data, and lands on it', async () => {
    const { context, page } = await signedIn(browser)
    const tag = runTag('Dlg')
    const org = await orgPath(page)
    await page.goto('/cost-estimator')
    await page.getByRole('button', { name: 'New Estimate' }).click()
    const dlg = await visible(dialog(page))
    await visible(dlg.getByRole('radio', { name: /Roofing/ }))
    await shot(page, 'dialog-empty', { fullPage: false })

    // Validation first: every spec message.
    await dlg.getByRole('button', { name: 'Create Estimate' }).click()
    for (const msg of [
      'Please select a project type',
      'Project name is required',
      'Client name is required',
      'Please enter a valid email',
      'Property address is required',
      'Total cost is required',
    ]) {
      await visible(dlg.getByText(msg, { exact: true }))
    }
    await shot(page, 'dialog-errors', { fullPage: false })

    // Manual AI generation needs a type and a total cost first (it looks disabled until then).
    expect(await dlg.getByRole('button', { name: /Generate AI Content/ }).isDisabled()).toBe(true)

    // Type → project name; template with System/Default badges and '+N more'.
    await dlg.getByRole('radio', { name: /Roofing/ }).click()
    expect(await dlg.getByLabel('Project Name').inputValue()).toBe('Roofing - Client')
    const template = dlg.getByRole('group', { name: 'Roofing' }).getByRole('radio').first()
    await expect(template.textContent()).resolves.toMatch(/System/)
    await expect(template.textContent()).resolves.toMatch(/\+\d+ more/)
    await template.click()
    expect(await template.getAttribute('aria-checked')).toBe('true')

    // Property: Fetch Data is disabled until there is an address; the card and the source note show.
    const fetchBtn = dlg.getByRole('button', { name: 'Fetch Data' })
    expect(await fetchBtn.isDisabled()).toBe(true)
    await dlg.getByLabel('Property Address').fill('1425 Maple Ridge Dr, Austin, TX 78704')
    await fetchBtn.click()
    await visible(toast(page, 'Property Data Retrieved'))
    const card = await visible(dlg.getByRole('region', { name: 'Property information' }))
    await visible(card.getByText('Fire Hazard Assessment'))
    await visible(card.getByTestId('property-source'))
    await card.scrollIntoViewIfNeeded()
    await shot(page, 'dialog-property', { fullPage: false })

    await dlg.getByLabel('Client Name').fill(`Sarah ${tag}`)
    expect(await dlg.getByLabel('Project Name').inputValue()).toBe(`Roofing - Sarah ${tag}`)
    await dlg.getByLabel('Client Email').fill('sarah.johnson@example.com')
    await dlg.getByLabel('Total Project Cost ($)').fill('18650.50')
    await dlg.getByLabel('Square Footage (optional)').fill('2100')
    await dlg.getByLabel('Special Features (optional)').fill('Architectural shingles, ridge vent')
    await dlg.getByLabel('Meeting Notes / Transcript (optional)').fill('Client wants the work done before the rainy season.')
    await visible(dlg.getByTestId('ai-mode-badge'))
    expect(await dlg.getByRole('button', { name: /Generate AI Content/ }).isDisabled()).toBe(false)
    await scrollDialog(page, 100_000)
    await shot(page, 'dialog-filled', { fullPage: false })

    await dlg.getByRole('button', { name: 'Create Estimate' }).click()
    await visible(page.getByRole('heading', { name: 'Creating Your Estimate' }))
    await shot(page, 'dialog-progress', { fullPage: false })
    await waitForPath(page, (u) => /^\/estimates\/[^/]+$/.test(u.pathname), 20_000)
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]!)
    await shot(page, 'dialog-landed', { fullPage: false })

    // The server has what was entered, and the template's sections.
    const saved = await apiOk<Record<string, unknown>>(page, 'GET', `${org}/estimates/${id}`)
    expect(saved).toMatchObject({
      projectName: `Roofing - Sarah ${tag}`,
      clientName: `Sarah ${tag}`,
      clientEmail: 'sarah.johnson@example.com',
      squareFootage: 2100,
      totalCost: '18650.50',
      status: 'draft',
    })
    const sections = await apiOk<unknown[]>(page, 'GET', `${org}/estimates/${id}/sections`)
    expect(sections.length).toBeGreaterThan(0)

    // The list shows it.
    await page.goto(`/cost-estimator?search=${encodeURIComponent(tag)}`)
    await visible(page.getByRole('link', { name: `Roofing - Sarah ${tag}` }))
    await visible(page.getByText('$18,650.50'))
    await context.close()
  }, 120_000)

  it('fits a phone screen', async () => {
    const { context, page } = await signedIn(browser, { mobile: true })
    await page.goto('/cost-estimator?new=1')
    const dlg = await visible(dialog(page))
    await visible(dlg.getByRole('radio', { name: /Roofing/ }))
    await shot(page, 'dialog-mobile', { fullPage: false })
    await dlg.getByRole('radio', { name: /Roofing/ }).click()
    await dlg.getByLabel('Property Address').fill('512 Oak Street, Sacramento, CA 95818')
    await dlg.getByRole('button', { name: 'Fetch Data' }).click()
    const card = await visible(dlg.getByRole('region', { name: 'Property information' }))
    await card.scrollIntoViewIfNeeded()
    await shot(page, 'dialog-mobile-property', { fullPage: false })
    // The dialog is no wider than the screen.
    const box = await dlg.boundingBox()
    expect(box!.width).toBeLessThanOrEqual(390)
    await context.close()
  }, 60_000)

  it('looks right in dark mode', async () => {
    const { context, page } = await signedIn(browser, { colorScheme: 'dark' })
    await page.goto('/cost-estimator?new=1')
    const dlg = await visible(dialog(page))
    await dlg.getByRole('radio', { name: /Fire Restoration/ }).click()
    await dlg.getByLabel('Property Address').fill('512 Oak Street, Sacramento, CA 95818')
    await dlg.getByRole('button', { name: 'Fetch Data' }).click()
    const card = await visible(dlg.getByRole('region', { name: 'Property information' }))
    await card.scrollIntoViewIfNeeded()
    await shot(page, 'dialog-dark', { fullPage: false })
    await context.close()
  }, 60_000)
})
