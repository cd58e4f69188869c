import { api, launchBrowser, screenshot } from '@plumbline/testing'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addItem, addSection, apiOk, createEstimate, signedIn, toastText, visible } from './detail-helpers'

// Spec 001 §6 contractor mode: Clone and Delete on the estimate detail page, on the real stack.

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('estimate detail: clone and delete', () => {
  it('clones an estimate with its line items into a new draft, then deletes the copy after confirming', async () => {
    const { context, page } = await signedIn(browser)
    const est = await createEstimate(page)
    const section = await addSection(page, est, 'Kitchen')
    await addItem(page, est, section.id, { name: 'Cabinets', quantity: 10, unit: 'each', unitCost: 100 })
    const original = await apiOk<{ projectName: string }>(page, 'GET', est.base)
    await apiOk(page, 'POST', `${est.base}/share`)

    await page.goto(`/estimates/${est.id}`)
    await visible(page.getByRole('heading', { name: original.projectName }))
    await screenshot(page, 'detail-actions-desktop', { fullPage: false })

    await page.getByRole('button', { name: 'Clone', exact: true }).click()
    await visible(toastText(page, 'Estimate cloned'))
    await page.waitForURL((u) => /^\/estimates\/[^/]+$/.test(u.pathname) && !u.pathname.endsWith(est.id))
    const copyId = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]!)
    await visible(page.getByRole('heading', { name: `${original.projectName} (Copy)` }))
    await visible(page.getByText('Cabinets'))
    const copy = await apiOk<{ status: string; shareToken: string | null }>(page, 'GET', `${est.org}/estimates/${copyId}`)
    expect(copy).toMatchObject({ status: 'draft', shareToken: null })

    // Delete asks first; Cancel keeps the estimate.
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    let dialog = await visible(page.getByRole('dialog', { name: 'Delete estimate?' }))
    await screenshot(page, 'detail-delete-confirm-desktop', { fullPage: false })
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    expect((await api(page, 'GET', `${est.org}/estimates/${copyId}`)).status).toBe(200)
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    dialog = await visible(page.getByRole('dialog', { name: 'Delete estimate?' }))
    await dialog.getByRole('button', { name: 'Delete Estimate' }).click()
    await page.waitForURL((u) => u.pathname === '/cost-estimator')
    await visible(toastText(page, 'Estimate deleted'))
    expect((await api(page, 'GET', `${est.org}/estimates/${copyId}`)).status).toBe(404)
    // The original is untouched.
    expect((await apiOk<{ shareToken: string | null }>(page, 'GET', est.base)).shareToken).not.toBeNull()
    await context.close()
  })

  it('fits the actions on a phone', async () => {
    const { context, page } = await signedIn(browser, { mobile: true })
    const est = await createEstimate(page)
    await page.goto(`/estimates/${est.id}`)
    await visible(page.getByRole('button', { name: 'Delete', exact: true }))
    await screenshot(page, 'detail-actions-mobile', { fullPage: false })
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    await visible(page.getByRole('dialog', { name: 'Delete estimate?' }))
    await screenshot(page, 'detail-delete-confirm-mobile', { fullPage: false })
    await context.close()
  })
})
