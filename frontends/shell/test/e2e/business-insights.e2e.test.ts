import { apiOk, launchBrowser, overflowingElements, screenshot, signedIn, visible } from '@plumbline/testing'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// The enableBusinessInsights company flag (issue 11): off, the dashboard has no insights card;
// on, it shows the win rate, the average estimate, the pipeline and this month by status.

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('Business insights on the dashboard', () => {
  it('appears with the flag on and goes with it off', async () => {
    const { context, page } = await signedIn(browser)
    const orgId = (await apiOk<{ organizations: { id: string }[] }>(page, 'GET', '/api/user')).organizations[0].id
    const settings = `/api/organizations/${orgId}/company-settings`
    await apiOk(page, 'PUT', settings, { enableBusinessInsights: false })
    await page.goto('/')
    await visible(page.getByRole('heading', { name: 'Dashboard' }))
    await visible(page.getByRole('button', { name: 'Total Estimates' }))
    expect(await page.getByRole('heading', { name: 'Business Insights' }).count()).toBe(0)

    try {
      await apiOk(page, 'PUT', settings, { enableBusinessInsights: true })
      await page.reload()
      const card = page.getByRole('region', { name: 'Business insights' })
      await visible(card.getByRole('heading', { name: 'Business Insights' }))
      const insights = await apiOk<{ pipelineCount: number; decided: number }>(page, 'GET', `/api/organizations/${orgId}/estimates/insights`)
      await visible(card.getByText(`${insights.pipelineCount} with clients now`))
      await visible(card.getByTestId('insight-win-rate'))
      await visible(card.getByRole('list', { name: 'Estimates this month by status' }))
      expect(await overflowingElements(page)).toEqual([])
      await screenshot(page, 'dashboard-business-insights')
    } finally {
      await apiOk(page, 'PUT', settings, { enableBusinessInsights: false })
    }
    await page.reload()
    await visible(page.getByRole('button', { name: 'Total Estimates' }))
    expect(await page.getByRole('heading', { name: 'Business Insights' }).count()).toBe(0)
    await context.close()
  }, 90_000)
})
