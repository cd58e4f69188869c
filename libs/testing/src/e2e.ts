import type { Browser, BrowserContext, Page } from 'playwright-core'
import { inject } from 'vitest'

/** URLs the e2e global setup provides (scripts/e2e/global-setup.ts). */
export const e2eBaseUrl = () => inject('baseUrl')

export const DESKTOP = { width: 1280, height: 800 }
export const MOBILE = { width: 390, height: 844 }

export async function newPage(browser: Browser, opts: { mobile?: boolean; colorScheme?: 'light' | 'dark' } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: e2eBaseUrl(),
    viewport: opts.mobile ? MOBILE : DESKTOP,
    deviceScaleFactor: 1,
    colorScheme: opts.colorScheme ?? 'light',
    isMobile: opts.mobile ?? false,
    hasTouch: opts.mobile ?? false,
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
