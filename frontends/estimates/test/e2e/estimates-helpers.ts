import { apiOk, screenshotsNamed } from '@plumbline/testing'
import type { Page } from 'playwright-core'

export { api, apiOk, DEMO, hidden, signedIn, visible } from '@plumbline/testing'

// The list, dialog, wizard and template journeys: a signed-in demo contractor, API calls made
// through the page's own session (cookies + the CSRF double-submit header), and waits.

export async function orgPath(page: Page): Promise<string> {
  const user = await apiOk<{ organizations: { id: string }[] }>(page, 'GET', '/api/user')
  return `/api/organizations/${user.organizations[0]!.id}`
}

/** A tag unique to this run, put in names so searches only see this run's records. */
export const runTag = (label: string) => `${label}${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`

export const waitForPath = (page: Page, test: (url: URL) => boolean, timeout = 15_000) => page.waitForURL(test, { timeout })

/** Screenshots of these journeys, named estimates-…. */
export const shot = screenshotsNamed('estimates')

/** The open toast with this text (the shell shows one toast at a time). */
export const toast = (page: Page, text: string | RegExp) => page.locator('li[data-state="open"]').filter({ hasText: text })

export { overflowingElements } from '@plumbline/testing'
