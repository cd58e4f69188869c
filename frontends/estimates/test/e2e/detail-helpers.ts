import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { e2eBaseUrl, newPage, signIn } from '@plumbline/testing'

// Shared by the estimate detail and share journeys: a signed-in demo contractor, and API calls
// made through the page's own session (cookies + the CSRF double-submit header).

export const DEMO = { email: 'demo@plumbline.dev', password: 'Demo-Plumbline-2025' }

export async function visible(locator: Locator, timeout = 15_000): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout })
  return locator.first()
}

export async function signedIn(browser: Browser, opts: { mobile?: boolean; colorScheme?: 'light' | 'dark' } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const session = await newPage(browser, opts)
  await signIn(session.page, DEMO.email, DEMO.password)
  await session.page.waitForURL((u) => u.pathname === '/', { timeout: 15_000 })
  return session
}

export async function api<T = any>(page: Page, method: string, path: string, data?: unknown): Promise<{ status: number; body: T }> {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'plumbline_csrf')?.value ?? ''
  const res = await page.request.fetch(path, {
    method,
    data: data === undefined ? undefined : JSON.stringify(data),
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, origin: e2eBaseUrl() },
  })
  const text = await res.text()
  let body: unknown = text
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    /* CSV and other text bodies stay strings */
  }
  return { status: res.status(), body: body as T }
}

/** Like api(), but fails the test on a non-2xx answer. */
export async function apiOk<T = any>(page: Page, method: string, path: string, data?: unknown): Promise<T> {
  const res = await api<T>(page, method, path, data)
  if (res.status < 200 || res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`)
  return res.body
}

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
