import { apiOk, newPage, signInByApi } from '@plumbline/testing'
import type { Browser, BrowserContext, Page } from 'playwright-core'

export { api, apiOk, DEMO, signedIn, visible } from '@plumbline/testing'

// Shared by the estimate detail and share journeys: a signed-in demo contractor, and API calls
// made through the page's own session (cookies + the CSRF double-submit header).

export async function orgIdOf(page: Page): Promise<string> {
  const user = await apiOk<{ organizations: { id: string }[] }>(page, 'GET', '/api/user')
  return user.organizations[0]!.id
}

export type Created = { id: string; orgId: string; base: string; org: string }

/** Creates an estimate through the API (POST …/estimates) and returns its paths. */
export async function createEstimate(page: Page, overrides: Record<string, unknown> = {}): Promise<Created> {
  const orgId = await orgIdOf(page)
  const org = `/api/organizations/${orgId}`
  const types = await apiOk<{ id: string; name: string }[]>(page, 'GET', `${org}/project-types`)
  const estimate = await apiOk<{ id: string }>(page, 'POST', `${org}/estimates`, {
    projectTypeId: types[0]!.id,
    projectName: `Kitchen Remodel ${Date.now().toString(36)}`,
    clientName: 'Jordan Smith',
    clientEmail: 'jordan@example.com',
    propertyAddress: '123 Main St, Springfield, IL 62701',
    totalCost: 100000,
    squareFootage: 2000,
    specialFeatures: '',
    meetingTranscript: 'Client wants quartz counters and to keep the window over the sink.',
    ...overrides,
  })
  return { id: estimate.id, orgId, org, base: `${org}/estimates/${estimate.id}` }
}

export async function addSection(page: Page, est: Created, name: string, sortOrder = 0): Promise<{ id: string }> {
  return apiOk(page, 'POST', `${est.base}/sections`, { name, description: null, sortOrder })
}

export async function addItem(page: Page, est: Created, sectionId: string, item: Record<string, unknown>): Promise<{ id: string }> {
  return apiOk(page, 'POST', `${est.org}/sections/${sectionId}/line-items`, item)
}

/** An open toast with this text (Radix toasts are the list items that carry a swipe direction). */
export const toastText = (page: Page, text: string | RegExp) => page.locator('li[data-swipe-direction][data-state="open"]').filter({ hasText: text })

/** The demo contractor signed in once for a whole file: each test of the file opens its own page in this context. */
export async function contractorContext(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const session = await newPage(browser)
  await signInByApi(session.context)
  return session
}
