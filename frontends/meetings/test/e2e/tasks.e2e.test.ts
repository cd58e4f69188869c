import { api, launchBrowser, overflowingElements, screenshotsNamed, signedIn, visible } from '@plumbline/testing'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const countOf = async (page: Page, label: string) => Number(await page.getByTestId(`count-${label}`).textContent())
/** Waits until a summary count reads `expected` (the list refetches after each change). */
async function expectCount(page: Page, label: string, expected: number) {
  await page.waitForFunction(([l, n]) => document.querySelector(`[data-testid="count-${l}"]`)?.textContent === String(n), [label, expected] as const, {
    timeout: 15_000,
  })
}
const tomorrow = () => {
  const d = new Date(Date.now() + 86_400_000)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

/** Nothing may stick out at rest; a toast sliding in from the edge is still moving, so wait for it. */
async function overflowAtRest(page: Page): Promise<string[]> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 5_000 })
  return overflowingElements(page)
}

const shot = screenshotsNamed('meetings')

describe('/tasks', () => {
  it.each([
    ['desktop', false],
    ['phone', true],
  ])(
    'creates a task, sees the counts change, completes it and finds it under Completed (%s)',
    async (label, mobile) => {
      const { context, page } = await signedIn(browser, { mobile })
      await page.goto('/tasks')
      await visible(page.getByRole('heading', { name: 'Tasks', level: 1 }))
      expect(await page.getByText('Coming soon').count()).toBe(0)
      await visible(page.getByTestId('count-total'))
      const before = { total: await countOf(page, 'total'), pending: await countOf(page, 'pending'), completed: await countOf(page, 'completed') }

      const title = `Send permit ${label} ${Date.now().toString(36)}`
      await page.getByRole('button', { name: 'New Task' }).click()
      const dialog = page.getByRole('dialog')
      await visible(dialog.getByRole('heading', { name: 'New Task' }))
      await dialog.getByRole('button', { name: 'Create Task' }).click()
      await visible(dialog.getByText('Task title is required'))
      await dialog.getByLabel('Title').fill(title)
      await dialog.getByLabel('Description').fill('Ask the city office for the roofing permit.')
      await dialog.getByLabel('Due date').fill(tomorrow())
      // Assigned to a member of the organisation (the demo owner is one).
      await dialog.getByRole('combobox', { name: 'Assignee' }).click()
      await page.getByRole('option', { name: 'Demo User' }).click()
      await shot(page, `tasks-new-${label}`)
      await dialog.getByRole('button', { name: 'Create Task' }).click()
      await visible(page.getByText(title))
      await visible(page.getByRole('listitem').filter({ hasText: title }).getByText('Demo User'))
      await expectCount(page, 'total', before.total + 1)
      await expectCount(page, 'pending', before.pending + 1)
      expect(await overflowAtRest(page)).toEqual([])
      await shot(page, `tasks-${label}`)

      await page.getByRole('checkbox', { name: `Completed: ${title}` }).click()
      await expectCount(page, 'completed', before.completed + 1)
      await expectCount(page, 'pending', before.pending)
      await page.getByRole('tab', { name: 'Completed' }).click()
      await visible(page.getByRole('list', { name: 'Tasks' }).getByText(title))
      await page.getByRole('tab', { name: 'Pending' }).click()
      expect(await page.getByRole('list', { name: 'Tasks' }).getByText(title).count()).toBe(0)
      await page.getByRole('tab', { name: 'Completed' }).click()
      expect(await overflowAtRest(page)).toEqual([])
      await shot(page, `tasks-completed-${label}`)
      await context.close()
    },
    90_000,
  )

  it('shows 50 tasks at a time and the rest on "Load more", counting all of them', async () => {
    const { context, page } = await signedIn(browser)
    await page.goto('/tasks')
    await visible(page.getByTestId('count-total'))
    const orgId = (await api<{ organizations: { id: string }[] }>(page, 'GET', '/api/user')).body.organizations[0].id
    // More than one page, whatever other journeys left behind.
    const have = await countOf(page, 'total')
    for (let i = 0; i < Math.max(0, 55 - have); i++) {
      expect((await api(page, 'POST', `/api/organizations/${orgId}/tasks`, { title: `Paged task ${i}` })).status).toBe(201)
    }
    await page.reload()
    const total = Math.max(have, 55)
    await expectCount(page, 'total', total)
    const items = page.getByRole('list', { name: 'Tasks' }).getByRole('listitem')
    await page.waitForFunction(() => document.querySelectorAll('ul[aria-label="Tasks"] > li').length === 50, undefined, { timeout: 15_000 })
    await visible(page.getByText(`Showing 50 of ${total}`))
    await page.getByRole('button', { name: 'Load more' }).click()
    const expected = Math.min(total, 100)
    await page.waitForFunction((n) => document.querySelectorAll('ul[aria-label="Tasks"] > li').length === n, expected, { timeout: 15_000 })
    expect(await items.count()).toBe(expected)
    if (total <= 100) expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0)
    await shot(page, 'tasks-load-more')
    await context.close()
  }, 90_000)
})
