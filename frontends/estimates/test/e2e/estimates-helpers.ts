import type { Page } from 'playwright-core'
import { apiOk, screenshot } from '@plumbline/testing'
export { DEMO, api, apiOk, hidden, signedIn, visible } from '@plumbline/testing'

// The list, dialog, wizard and template journeys: a signed-in demo contractor, API calls made
// through the page's own session (cookies + the CSRF double-submit header), and waits.

export async function orgPath(page: Page): Promise<string> {
  const user = await apiOk<{ organizations: { id: string }[] }>(page, 'GET', '/api/user')
  return `/api/organizations/${user.organizations[0]!.id}`
}

/** A tag unique to this run, put in names so searches only see this run's records. */
export const runTag = (label: string) => `${label}${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`

export const waitForPath = (page: Page, test: (url: URL) => boolean, timeout = 15_000) => page.waitForURL(test, { timeout })

/** Screenshot once the page is quiet (no spinners, fonts loaded). */
export async function shot(page: Page, name: string, opts: { fullPage?: boolean } = {}) {
  await page.evaluate(() => document.fonts.ready)
  await page.waitForTimeout(250)
  await screenshot(page, `estimates-${name}`, opts)
}

/** The open toast with this text (the shell shows one toast at a time). */
export const toast = (page: Page, text: string | RegExp) => page.locator('li[data-state="open"]').filter({ hasText: text })

/** Elements that stick out past the right edge of the viewport (none on a well-built phone layout). */
export async function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const out: string[] = []
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const r = el.getBoundingClientRect()
      if (r.width > 0 && r.right > width + 1 && getComputedStyle(el).position !== 'fixed') {
        out.push(`${el.tagName.toLowerCase()}.${String(el.className).slice(0, 80)} right=${Math.round(r.right)}`)
      }
    }
    return out.slice(0, 10)
  })
}
