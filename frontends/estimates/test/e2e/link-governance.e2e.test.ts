import { createPrismaClient } from '@plumbline/db'
import { launchBrowser, newPage, screenshot } from '@plumbline/testing'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { PrismaClient } from '../../../../services/estimates/src/generated/prisma/client.js'
import { apiOk, contractorContext, createEstimate, visible } from './detail-helpers'

// Link governance: the contractor sets a passcode and an expiry in the share dialog; the client is
// asked the passcode first, and an expired link says so. One signed-in browser state for the file.

let browser: Browser
let contractor: BrowserContext
let page: Page
let prisma: PrismaClient

beforeAll(async () => {
  browser = await launchBrowser()
  prisma = createPrismaClient(PrismaClient, { databaseUrl: inject('databaseUrl'), schema: 'estimates', poolSize: 2 }).prisma
  const session = await contractorContext(browser)
  contractor = session.context
  page = session.page
})
afterAll(async () => {
  await contractor?.close()
  await browser?.close()
  await prisma?.$disconnect()
})

describe('share link governance', () => {
  it('asks the passcode the contractor set before showing anything, and says when the link has expired', async () => {
    const est = await createEstimate(page)
    const { projectName } = await apiOk<{ projectName: string }>(page, 'GET', est.base)
    const { shareToken } = await apiOk<{ shareToken: string }>(page, 'POST', `${est.base}/share`)
    await page.goto(`/estimates/${est.id}`)
    await page.getByRole('button', { name: 'Share', exact: true }).click()
    const dialog = await visible(page.getByRole('dialog', { name: 'Share Estimate' }))
    const settings = await visible(dialog.getByTestId('link-settings'))
    await settings.getByLabel(/Passcode/).fill('blue-roof-42')
    await settings.getByRole('button', { name: 'Set passcode' }).click()
    await visible(settings.getByText('(set)'))
    await screenshot(page, 'share-dialog-link-settings', { fullPage: false })

    const client = await newPage(browser, { mobile: true })
    const cp = client.page
    await cp.goto(`/share/${shareToken}`)
    const form = await visible(cp.getByTestId('passcode-form'))
    expect(await cp.getByText(projectName).count()).toBe(0)
    await form.getByLabel('Passcode').fill('green-roof')
    await form.getByRole('button', { name: 'View estimate' }).click()
    await visible(form.getByText('That passcode is not right. Please try again.'))
    await screenshot(cp, 'share-passcode-wrong-mobile')
    await form.getByLabel('Passcode').fill('blue-roof-42')
    await form.getByRole('button', { name: 'View estimate' }).click()
    expect(await (await visible(cp.getByTestId('public-project-name'))).textContent()).toBe(projectName)

    // Past its expiry (arranged in the database: the API takes future dates only), the page says so.
    await prisma.shareLink.updateMany({ where: { estimateId: est.id }, data: { expiresAt: new Date(Date.now() - 60_000), passcodeHash: null } })
    await cp.reload()
    await visible(cp.getByTestId('link-expired'))
    await visible(cp.getByText('This estimate link has expired. Ask your contractor for a new one.'))
    await screenshot(cp, 'share-link-expired-mobile')
    // The contractor sees it expired and extends it.
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Share', exact: true }).click()
    const again = await visible(page.getByRole('dialog', { name: 'Share Estimate' }))
    await visible(again.getByText('(expired)'))
    const nextWeek = new Date(Date.now() + 7 * 86_400_000).toLocaleDateString('en-CA')
    await again.getByLabel(/Link expires/).fill(nextWeek)
    await again.getByRole('button', { name: 'Save expiry' }).click()
    await again.getByText('(expired)').waitFor({ state: 'detached' })
    await cp.reload()
    await visible(cp.getByTestId('public-project-name'))
    await client.context.close()
  })
})
