import { CSRF_COOKIE, CSRF_HEADER } from '@plumbline/contracts'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { inject } from 'vitest'

/** URLs the e2e global setup provides (scripts/e2e/global-setup.ts). */
export const e2eBaseUrl = () => inject('baseUrl')

export const DESKTOP = { width: 1280, height: 800 }
export const MOBILE = { width: 390, height: 844 }

export async function newPage(
  browser: Browser,
  opts: { mobile?: boolean; colorScheme?: 'light' | 'dark' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: e2eBaseUrl(),
    viewport: opts.mobile ? MOBILE : DESKTOP,
    deviceScaleFactor: 1,
    colorScheme: opts.colorScheme ?? 'light',
    isMobile: opts.mobile ?? false,
    hasTouch: opts.mobile ?? false,
    // The product honours the system's reduced-motion setting: no journey waits on an animation.
    reducedMotion: 'reduce',
  })
  const page = await context.newPage()
  return { context, page }
}

/** Stops or starts a remote's static server or a service in the e2e stack. */
export async function controlStack(kind: 'remotes' | 'services', name: string, action: 'stop' | 'start'): Promise<void> {
  const res = await fetch(`${inject('controlUrl')}/${kind}/${name}/${action}`, { method: 'POST' })
  if (res.status !== 204) throw new Error(`control ${kind}/${name}/${action} answered ${res.status}: ${await res.text()}`)
}

export const uniqueEmail = (label: string) => `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    controlUrl: string
    /** The e2e stack's database, for arranging state no screen of this issue can create. */
    databaseUrl: string
  }
}

/** The seeded demo contractor (services/auth/src/seed/demo-accounts.ts). */
export const DEMO = { email: 'demo@plumbline.dev', password: 'Demo-Plumbline-2025' }
/** The seeded platform admin (superadmin) of the demo data. */
export const DEMO_ADMIN = { email: 'admin@plumbline.dev', password: 'Admin-Plumbline-2025' }

/** Waits until the locator is visible (playwright-core has no test-runner expect). */
export async function visible(locator: Locator, timeout = 15_000): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout })
  return locator.first()
}

export async function hidden(locator: Locator, timeout = 15_000): Promise<void> {
  await locator.first().waitFor({ state: 'hidden', timeout })
}

/**
 * Signs a browser context in through the API (the sign-in screen has its own journeys): the
 * session and CSRF cookies land in the context's jar, as the sign-in page would leave them.
 */
export async function signInByApi(context: BrowserContext, who: { email: string; password: string } = DEMO): Promise<void> {
  await context.request.get('/remotes.json') // any page of the site hands out the CSRF cookie
  const csrf = (await context.cookies()).find((c) => c.name === CSRF_COOKIE)?.value ?? ''
  const res = await context.request.post('/api/login', {
    data: { email: who.email, password: who.password },
    headers: { [CSRF_HEADER]: csrf, origin: e2eBaseUrl() },
  })
  if (!res.ok()) throw new Error(`POST /api/login for ${who.email} answered ${res.status()}: ${await res.text()}`)
}

/**
 * A fresh browser context signed in (the demo contractor unless told otherwise), its page on the
 * dashboard. The dashboard is only asked for (not awaited): most journeys go straight on elsewhere.
 */
export async function signedIn(
  browser: Browser,
  opts: { mobile?: boolean; colorScheme?: 'light' | 'dark'; as?: { email: string; password: string } } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const session = await newPage(browser, opts)
  await signInByApi(session.context, opts.as ?? DEMO)
  await session.page.goto('/', { waitUntil: 'commit' })
  return session
}

/** An API call through the page's own session: its cookies plus the CSRF double-submit header. */
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

/**
 * Elements that stick out past the right edge of the viewport (none on a well-built phone layout).
 * Content inside a container that clips or scrolls sideways (a wide table in its own scroller) is
 * not counted, as long as that container itself fits: the page does not move sideways.
 * Runs in the page; written as source text because this package is type-checked without DOM types.
 */
export async function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    const width = document.documentElement.clientWidth
    const clippedByFittingAncestor = (el) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible' && a.getBoundingClientRect().right <= width + 1) return true
      }
      return false
    }
    const out = []
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const r = el.getBoundingClientRect()
      if (r.width > 0 && r.right > width + 1 && getComputedStyle(el).position !== 'fixed' && !clippedByFittingAncestor(el)) {
        out.push(el.tagName.toLowerCase() + '.' + String(el.className).slice(0, 80) + ' right=' + Math.round(r.right))
      }
    }
    return out.slice(0, 10)
  })()`)
}
