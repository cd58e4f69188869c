import type { Page } from 'playwright-core'

export { visible } from '@plumbline/testing'

export async function waitForPath(page: Page, path: string | RegExp, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname + url.search)), { timeout })
}

export const text = (page: Page, value: string | RegExp) => page.getByText(value, { exact: typeof value === 'string' })
