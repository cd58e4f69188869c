import { launchBrowser, MOBILE } from '@plumbline/testing'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, apiOk, overflowingElements, runTag, shot, signedIn, visible } from './settings-helpers'

// Spec 001 §2 Settings → Activity: an estimate the demo user creates shows in the organisation's
// feed under their name. The feed is filled by the admin service's consumer of the estimate event,
// so the tab is reopened until the entry has arrived.

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function orgBase(page: Page) {
  const user = await apiOk<{ organizations: { id: string }[] }>(page, 'GET', '/api/user')
  return `/api/organizations/${user.organizations[0]!.id}`
}

/** Opens Settings → Activity (by its tab, as a user would) until the entry of this type and target shows. */
async function openActivityUntil(page: Page, type: string, text: string) {
  // Creating an estimate also publishes an update of it (seen in this journey), so the row is picked by type.
  const entry = page.getByRole('list', { name: 'Recent activity' }).locator(`li[data-type="${type}"]`).filter({ hasText: text })
  for (let attempt = 0; attempt < 20; attempt++) {
    await page.goto('/settings')
    await page.getByRole('tab', { name: 'Activity' }).click()
    await visible(page.getByRole('list', { name: 'Recent activity' }).or(page.getByText('No activity yet')))
    if (await entry.count()) return entry.first()
    await page.waitForTimeout(1000)
  }
  throw new Error(`no activity entry "${text}" after 20 tries`)
}

describe('settings: activity', () => {
  it('an estimate the demo user creates shows in the Activity tab under their name', async () => {
    const { context, page } = await signedIn(browser)
    const base = await orgBase(page)
    const project = `Activity deck ${runTag('')}`
    let estimateId: string | undefined
    try {
      await page.goto('/cost-estimator?new=1')
      const dlg = await visible(page.getByRole('dialog', { name: 'Create New Estimate' }))
      await dlg.getByRole('radio', { name: /Roofing/ }).click()
      await dlg.getByLabel('Property Address').fill('512 Oak Street, Sacramento, CA 95818')
      await dlg.getByLabel('Client Name').fill('Ana Activity')
      await dlg.getByLabel('Client Email').fill('ana@example.com')
      await dlg.getByLabel('Project Name').fill(project)
      await dlg.getByLabel('Total Project Cost ($)').fill('12000')
      await dlg.getByRole('button', { name: 'Create Estimate' }).click()
      await page.waitForURL((u) => /^\/estimates\/[^/]+$/.test(u.pathname), { timeout: 30_000 })
      estimateId = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]!)

      const entry = await openActivityUntil(page, 'estimate_created', project)
      expect((await entry.textContent())?.replace(/\s+/g, ' ')).toMatch(
        new RegExp(`^Demo User created estimate ${project}(just now|\\d+ (second|minute)s? ago)$`),
      )
      expect(await page.getByText(/coming soon/).count()).toBe(0)
      await shot(page, 'activity-desktop', { fullPage: false })

      const phone = await signedIn(browser, { mobile: true })
      try {
        expect(phone.page.viewportSize()?.width).toBe(MOBILE.width)
        await openActivityUntil(phone.page, 'estimate_created', project)
        expect(await overflowingElements(phone.page)).toEqual([])
        await shot(phone.page, 'activity-mobile', { fullPage: false })
      } finally {
        await phone.context.close()
      }
    } finally {
      if (estimateId) await api(page, 'DELETE', `${base}/estimates/${estimateId}`)
      await context.close()
    }
  }, 150_000)
})
