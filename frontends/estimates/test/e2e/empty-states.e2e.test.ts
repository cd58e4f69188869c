import { e2eBaseUrl, launchBrowser, newPage, signIn, uniqueEmail, waitForMail } from '@plumbline/testing'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shot, visible, waitForPath } from './estimates-helpers'

const PASSWORD = 'Sturdy-Beam-42'
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('a brand-new organisation', () => {
  it('is invited to create its first estimate and its first template', async () => {
    const email = uniqueEmail('fresh')
    const { context, page } = await newPage(browser)
    await page.goto('/register')
    await page.getByLabel('First Name').fill('Fresh')
    await page.getByLabel('Last Name').fill('Builder')
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByLabel('Confirm Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Create Account' }).click()
    await visible(page.getByText('Check Your Email'))
    const mail = await waitForMail(e2eBaseUrl(), email, 'Verify')
    await page.goto(mail.links.find((l) => l.includes('/verify-email?token='))!)
    await visible(page.getByText('Email Verified'))
    await signIn(page, email, PASSWORD)
    await waitForPath(page, (u) => u.pathname === '/')

    await page.goto('/cost-estimator')
    await visible(page.getByText('No estimates yet'))
    // No filters are active, so this is not the "no matches" state.
    expect(await page.getByText('No estimates match your filters').count()).toBe(0)
    await shot(page, 'list-empty')
    await page.getByRole('button', { name: /Create your first estimate/ }).click()
    await visible(page.getByRole('heading', { name: 'Create New Estimate' }))
    await page.keyboard.press('Escape')

    await page.goto('/templates')
    await visible(page.getByText('No templates yet'))
    await shot(page, 'templates-empty')
    await context.close()
  }, 90_000)
})
