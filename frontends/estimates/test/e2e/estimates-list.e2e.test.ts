import { controlStack, launchBrowser } from '@plumbline/testing'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiOk, hidden, orgPath, overflowingElements, runTag, shot, signedIn, toast, visible, waitForPath } from './estimates-helpers'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

type Types = { id: string; name: string }[]

/** Twelve estimates of this run: names '<tag> 01'…'<tag> 12', totals 1,000…12,000, alternating types. */
async function seedEstimates(page: Page, tag: string) {
  const org = await orgPath(page)
  const types = await apiOk<Types>(page, 'GET', `${org}/project-types`)
  const ids: string[] = []
  for (let i = 1; i <= 12; i++) {
    const n = String(i).padStart(2, '0')
    const e = await apiOk<{ id: string }>(page, 'POST', `${org}/estimates`, {
      projectTypeId: types[i % 2]!.id,
      projectName: `${tag} ${n}`,
      clientName: i % 3 === 0 ? `Zed Client ${n}` : `Alpha Client ${n}`,
      clientEmail: `client${n}@example.com`,
      propertyAddress: `${i} Test Ave, Springfield, IL 62701`,
      totalCost: String(i * 1000),
    })
    ids.push(e.id)
  }
  return { org, types, ids }
}

const searchBox = (page: Page) => page.getByPlaceholder('Search by project name, client, or address...')
const cardTitles = (page: Page) => page.getByRole('list', { name: 'Estimates' }).getByRole('link').allInnerTexts()

describe('estimates list', () => {
  it('filters, sorts and paginates, and the URL state survives reload and back/forward', async () => {
    const { context, page } = await signedIn(browser)
    const tag = runTag('List')
    const { types } = await seedEstimates(page, tag)

    await page.goto('/cost-estimator')
    await visible(page.getByRole('heading', { name: 'Estimates' }))
    await visible(page.getByText('Manage your construction cost estimates'))
    await visible(page.getByRole('list', { name: 'Estimates' }))
    await shot(page, 'list-desktop')

    // Search (debounced) narrows to this run's twelve; the URL carries it.
    await searchBox(page).fill(tag)
    await waitForPath(page, (u) => u.searchParams.get('search') === tag)
    await visible(page.getByTestId('showing-text').filter({ hasText: 'Showing 1-12 of 12 estimates' }))

    // Page size 10: two pages; page 2 holds the last two of the default sort (updatedAt desc).
    await page.getByRole('combobox', { name: 'Rows per page' }).click()
    await page.getByRole('option', { name: '10', exact: true }).click()
    await waitForPath(page, (u) => u.searchParams.get('limit') === '10' && !u.searchParams.has('page'))
    await visible(page.getByTestId('results-text').filter({ hasText: 'Showing 1-10 of 12 results' }))
    await page.getByRole('button', { name: 'Page 2' }).click()
    await waitForPath(page, (u) => u.searchParams.get('page') === '2')
    await visible(page.getByTestId('showing-text').filter({ hasText: 'Showing 11-12 of 12 estimates' }))
    expect(await cardTitles(page)).toEqual([`${tag} 02`, `${tag} 01`])
    await shot(page, 'list-page-2')

    // Sort by total cost ascending: page resets to 1 and the cheapest comes first.
    await page.getByRole('combobox', { name: 'Sort by' }).click()
    await page.getByRole('option', { name: 'Total Cost' }).click()
    await waitForPath(page, (u) => u.searchParams.get('sortBy') === 'totalCost' && !u.searchParams.has('page'))
    await page.getByRole('button', { name: /Sort descending/ }).click()
    await waitForPath(page, (u) => u.searchParams.get('sortOrder') === 'asc')
    await page.waitForFunction((first) => document.querySelector('[aria-label="Estimates"] a')?.textContent === first, `${tag} 01`)
    expect((await cardTitles(page)).slice(0, 3)).toEqual([`${tag} 01`, `${tag} 02`, `${tag} 03`])

    // Type filter: the seeded types alternate, so six match.
    await page.getByRole('combobox', { name: 'Filter by project type' }).click()
    await page.getByRole('option', { name: types[1]!.name, exact: true }).click()
    await waitForPath(page, (u) => u.searchParams.get('projectTypeId') === types[1]!.id)
    await visible(page.getByTestId('showing-text').filter({ hasText: 'Showing 1-6 of 6 estimates' }))
    expect(await cardTitles(page)).toEqual([1, 3, 5, 7, 9, 11].map((i) => `${tag} ${String(i).padStart(2, '0')}`))

    // The More popover: a date range counts as one more active filter.
    const today = new Date().toISOString().slice(0, 10)
    await page.getByRole('button', { name: /More filters/ }).click()
    await page.getByLabel('Start date').fill('2020-01-01')
    await page.getByLabel('End date').fill(today)
    await waitForPath(page, (u) => u.searchParams.get('startDate') === '2020-01-01' && u.searchParams.get('endDate') === today)
    await shot(page, 'list-more-popover', { fullPage: false })
    await page.keyboard.press('Escape')
    await visible(page.getByTestId('active-filter-count').filter({ hasText: '3' }))
    const badges = page.getByRole('list', { name: 'Active filters' })
    await visible(badges.getByText(`Search: "${tag}"`))
    await visible(badges.getByText(`Type: ${types[1]!.name}`))
    await visible(badges.getByText(/^Dates: /))
    await shot(page, 'list-filtered')

    // Reload: everything comes back from the URL.
    const before = page.url()
    await page.reload()
    await visible(page.getByTestId('showing-text').filter({ hasText: 'Showing 1-6 of 6 estimates' }))
    expect(page.url()).toBe(before)
    expect(await searchBox(page).inputValue()).toBe(tag)
    await visible(page.getByTestId('active-filter-count').filter({ hasText: '3' }))
    expect(await cardTitles(page)).toEqual([1, 3, 5, 7, 9, 11].map((i) => `${tag} ${String(i).padStart(2, '0')}`))

    // Back undoes one change at a time (end date, then start date); forward restores them.
    await page.goBack()
    await waitForPath(page, (u) => !u.searchParams.has('endDate') && u.searchParams.get('startDate') === '2020-01-01')
    await visible(page.getByTestId('active-filter-count').filter({ hasText: '3' }))
    await page.goBack()
    await waitForPath(page, (u) => !u.searchParams.has('startDate'))
    await visible(page.getByTestId('active-filter-count').filter({ hasText: '2' }))
    await page.goForward()
    await page.goForward()
    await waitForPath(page, (u) => u.searchParams.get('endDate') === today)
    await visible(page.getByTestId('active-filter-count').filter({ hasText: '3' }))

    // Removing a badge, then a search that matches nothing, then Clear.
    await badges.getByRole('button', { name: /Remove filter Type:/ }).click()
    await visible(page.getByTestId('showing-text').filter({ hasText: 'Showing 1-10 of 12 estimates' }))
    await searchBox(page).fill(`${tag}-nothing`)
    await visible(page.getByText('No estimates match your filters'))
    await shot(page, 'list-no-matches')
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await waitForPath(page, (u) => !u.searchParams.has('search') && !u.searchParams.has('startDate'))
    // Sorting and page size stay after Clear.
    expect(new URL(page.url()).searchParams.get('limit')).toBe('10')
    expect(new URL(page.url()).searchParams.get('sortBy')).toBe('totalCost')

    // A card opens the estimate.
    await page.getByRole('link', { name: `${tag} 01` }).click()
    await waitForPath(page, (u) => /^\/estimates\/[^/]+$/.test(u.pathname))
    await context.close()
  }, 120_000)

  it('looks right on a phone and in dark mode', async () => {
    const phone = await signedIn(browser, { mobile: true })
    await phone.page.goto('/cost-estimator?limit=10')
    await visible(phone.page.getByRole('list', { name: 'Estimates' }))
    await shot(phone.page, 'list-mobile')
    expect(await overflowingElements(phone.page)).toEqual([])
    // First/last are hidden on small screens; previous/next stay.
    if (await phone.page.getByRole('navigation', { name: 'Pagination' }).count()) {
      expect(await phone.page.getByRole('button', { name: 'First page' }).isVisible()).toBe(false)
      expect(await phone.page.getByRole('button', { name: 'Next page' }).isVisible()).toBe(true)
    }
    await phone.context.close()

    const dark = await signedIn(browser, { colorScheme: 'dark' })
    await dark.page.goto('/cost-estimator')
    await visible(dark.page.getByRole('list', { name: 'Estimates' }))
    // The theme is 'system' by default and the browser prefers dark.
    expect(await dark.page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true)
    await shot(dark.page, 'list-dark')
    await dark.context.close()
  }, 90_000)

  it('opens the create dialog over the dashboard from New Estimate (spec 000 §5), on desktop and phone', async () => {
    for (const mobile of [false, true]) {
      const { context, page } = await signedIn(browser, { mobile })
      await visible(page.getByRole('heading', { name: 'Dashboard' }))
      await page
        .getByRole('button', { name: /New Estimate/ })
        .first()
        .click()
      const dlg = await visible(page.getByRole('dialog', { name: 'Create New Estimate' }), 20_000)
      await visible(dlg.getByRole('radio', { name: /Roofing/ }))
      // No navigation: the dashboard stays underneath.
      expect(new URL(page.url()).pathname).toBe('/')
      expect(await page.getByRole('heading', { name: 'Dashboard', includeHidden: true }).count()).toBe(1)
      await shot(page, mobile ? 'dashboard-create-dialog-mobile' : 'dashboard-create-dialog', { fullPage: false })
      await dlg.getByRole('button', { name: 'Cancel' }).click()
      await hidden(page.getByRole('heading', { name: 'Create New Estimate' }))
      await visible(page.getByRole('heading', { name: 'Dashboard' }))
      // It opens again (already loaded).
      await page
        .getByRole('button', { name: /New Estimate/ })
        .first()
        .click()
      await visible(page.getByRole('dialog', { name: 'Create New Estimate' }))
      await context.close()
    }
  }, 90_000)

  it('creates from the dashboard dialog and lands on the new estimate', async () => {
    const { context, page } = await signedIn(browser)
    const tag = runTag('Dash')
    await page
      .getByRole('button', { name: /New Estimate/ })
      .first()
      .click()
    const dlg = await visible(page.getByRole('dialog', { name: 'Create New Estimate' }), 20_000)
    await dlg.getByRole('radio', { name: /Roofing/ }).click()
    await dlg.getByLabel('Client Name').fill(`Dana ${tag}`)
    await dlg.getByLabel('Client Email').fill('dana@example.com')
    await dlg.getByLabel('Property Address').fill('12 Elm St, Springfield, IL 62701')
    await dlg.getByLabel('Total Project Cost ($)').fill('18000')
    await dlg.getByRole('button', { name: 'Create Estimate' }).click()
    await waitForPath(page, (u) => /^\/estimates\/[^/]+$/.test(u.pathname), 60_000)
    await visible(page.getByText(`Dana ${tag}`).first())
    await context.close()
  }, 90_000)

  it('a dead estimates remote costs a toast, never the dashboard; the next click after it is back opens the dialog', async () => {
    await controlStack('remotes', 'estimates', 'stop')
    let session: Awaited<ReturnType<typeof signedIn>> | undefined
    try {
      session = await signedIn(browser)
      const { page } = session
      await page
        .getByRole('button', { name: /New Estimate/ })
        .first()
        .click()
      await visible(toast(page, 'The estimate form could not be loaded'), 20_000)
      await visible(page.getByRole('heading', { name: 'Dashboard' }))
      expect(await page.getByRole('dialog').count()).toBe(0)
      await shot(page, 'dashboard-create-dialog-remote-down', { fullPage: false })
    } finally {
      await controlStack('remotes', 'estimates', 'start')
    }
    const { context, page } = session!
    const dialog = page.getByRole('dialog', { name: 'Create New Estimate' })
    // The remote server needs a moment to answer again: click, wait a little, click again.
    for (let attempt = 0; attempt < 10 && !(await dialog.isVisible()); attempt++) {
      await page
        .getByRole('button', { name: /New Estimate/ })
        .first()
        .click()
      await dialog.waitFor({ state: 'visible', timeout: 4_000 }).catch(() => undefined)
    }
    await visible(dialog.getByRole('radio', { name: /Roofing/ }))
    await context.close()
  }, 120_000)
})
