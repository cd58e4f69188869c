import type { Locator, Page } from 'playwright-core'

/** Waits until the locator is visible (playwright-core has no test-runner expect). */
export async function visible(locator: Locator, timeout = 15_000): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout })
  return locator.first()
}

export async function waitForPath(page: Page, path: string | RegExp, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname + url.search)), { timeout })
}

export const text = (page: Page, value: string | RegExp) => page.getByText(value, { exact: typeof value === 'string' })
