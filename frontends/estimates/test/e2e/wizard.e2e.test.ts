import { launchBrowser } from '@plumbline/testing'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiOk, orgPath, overflowingElements, runTag, shot, signedIn, visible, waitForPath } from './estimates-helpers'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const progress = (page: import('playwright-core').Page, step: number) =>
  page.getByRole('progressbar', { name: `Step ${step} of 3` }).getAttribute('aria-valuenow')

describe('3-step wizard', () => {
  it('guards the later steps and creates an estimate', async () => {
    const { context, page } = await signedIn(browser)
    const tag = runTag('Wiz')
    const org = await orgPath(page)

    // Straight to step 3 with nothing stored: back to step 1.
    await page.goto('/estimate-wizard-step3')
    await waitForPath(page, (u) => u.pathname === '/estimate-wizard-step1')

    // The entry point from the list.
    await page.goto('/cost-estimator')
    await page
      .getByRole('link', { name: /Use step-by-step wizard/ })
      .first()
      .click()
    await waitForPath(page, (u) => u.pathname === '/estimate-wizard-step1')
    await visible(page.getByText('Step 1 of 3'))
    expect(await progress(page, 1)).toBe('33')
    expect(await page.getByRole('button', { name: /Continue/ }).isDisabled()).toBe(true)
    await page.getByRole('radio', { name: /Remodeling/ }).click()
    await shot(page, 'wizard-step1')
    await page.getByRole('button', { name: /Continue/ }).click()

    await waitForPath(page, (u) => u.pathname === '/estimate-wizard-step2')
    expect(await progress(page, 2)).toBe('66')
    expect(await page.getByRole('button', { name: 'Validate' }).isDisabled()).toBe(true)
    await page.getByRole('button', { name: /Continue/ }).click()
    await visible(page.getByText('Property address is required'))
    await page.getByLabel('Property Address').fill('88 Harbor View Ln, San Diego, CA 92109')
    await page.getByRole('button', { name: 'Validate' }).click()
    await visible(page.getByRole('region', { name: 'Property information' }))
    await page.getByLabel('Square Footage (optional)').fill('2400')
    await shot(page, 'wizard-step2')
    await page.getByRole('button', { name: /Continue/ }).click()

    await waitForPath(page, (u) => u.pathname === '/estimate-wizard-step3')
    await visible(page.getByRole('heading', { name: 'Client Information' }))
    expect(await progress(page, 3)).toBe('100')
    await visible(page.getByText('88 Harbor View Ln', { exact: true }))
    await visible(page.getByText('2,400 sq ft'))
    const create = page.getByRole('button', { name: 'Create Estimate' })
    expect(await create.isDisabled()).toBe(true)
    await page.getByLabel('Client Name').fill(`Carlos ${tag}`)
    expect(await page.getByLabel('Project Name').inputValue()).toBe(`Remodeling & Renovation - Carlos ${tag}`)
    await page.getByLabel('Estimated Total Cost ($)').fill('42500')

    // Back keeps what was typed; a reload keeps it too (session storage).
    await page.getByRole('button', { name: /Back/ }).click()
    await waitForPath(page, (u) => u.pathname === '/estimate-wizard-step2')
    expect(await page.getByLabel('Property Address').inputValue()).toBe('88 Harbor View Ln, San Diego, CA 92109')
    await page.getByRole('button', { name: /Continue/ }).click()
    await waitForPath(page, (u) => u.pathname === '/estimate-wizard-step3')
    await page.reload()
    expect(await page.getByLabel('Client Name').inputValue()).toBe(`Carlos ${tag}`)
    expect(await page.getByLabel('Estimated Total Cost ($)').inputValue()).toBe('42500')
    await shot(page, 'wizard-step3')

    await create.click()
    await waitForPath(page, (u) => /^\/estimates\/[^/]+$/.test(u.pathname), 20_000)
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]!)
    const saved = await apiOk<Record<string, unknown>>(page, 'GET', `${org}/estimates/${id}`)
    expect(saved).toMatchObject({
      projectName: `Remodeling & Renovation - Carlos ${tag}`,
      clientName: `Carlos ${tag}`,
      propertyAddress: '88 Harbor View Ln, San Diego, CA 92109',
      squareFootage: 2400,
      totalCost: '42500.00',
    })
    // Success cleared the wizard: step 2 sends us back to step 1.
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.includes('Wizard')))).toEqual([])
    await page.goto('/estimate-wizard-step2')
    await waitForPath(page, (u) => u.pathname === '/estimate-wizard-step1')
    await context.close()
  }, 120_000)

  it('fits a phone screen', async () => {
    const { context, page } = await signedIn(browser, { mobile: true })
    await page.goto('/estimate-wizard-step1')
    await visible(page.getByRole('radio', { name: /Roofing/ }))
    await page.getByRole('radio', { name: /Roofing/ }).click()
    await shot(page, 'wizard-step1-mobile')
    await page.getByRole('button', { name: /Continue/ }).click()
    await waitForPath(page, (u) => u.pathname === '/estimate-wizard-step2')
    await page.getByLabel('Property Address').fill('512 Oak Street, Sacramento, CA 95818')
    await page.getByRole('button', { name: 'Validate' }).click()
    await visible(page.getByRole('region', { name: 'Property information' }))
    await shot(page, 'wizard-step2-mobile')
    expect(await overflowingElements(page)).toEqual([])
    await page.getByRole('button', { name: /Continue/ }).click()
    await waitForPath(page, (u) => u.pathname === '/estimate-wizard-step3')
    await shot(page, 'wizard-step3-mobile')
    await context.close()
  }, 60_000)
})
