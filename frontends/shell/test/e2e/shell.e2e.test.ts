import { controlStack, launchBrowser, newPage, screenshot, signedIn as signedInByApi, signIn } from '@plumbline/testing'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { text, visible, waitForPath } from './helpers'

const _DEMO = { email: 'demo@plumbline.dev', password: 'Demo-Plumbline-2025' }
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function signedIn(opts: { mobile?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const session = await signedInByApi(browser, opts)
  await visible(session.page.getByRole('heading', { name: 'Dashboard' }))
  return session
}

describe('the shell', () => {
  it('loads the shell and every remote under the Content-Security-Policy without a violation', async () => {
    const session = await newPage(browser)
    const violations: string[] = []
    session.page.on('console', (m) => {
      if (/Content[- ]Security[- ]Policy/i.test(m.text())) violations.push(m.text())
    })
    await session.context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`Content-Security-Policy violation: ${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`),
      )
    })
    const first = await session.page.goto('/login')
    expect(first?.headers()['content-security-policy']).toContain("script-src 'self'")
    await signIn(session.page, 'admin@plumbline.dev', 'Admin-Plumbline-2025')
    await waitForPath(session.page, '/')
    await visible(session.page.getByRole('heading', { name: 'Dashboard' }))
    for (const [path, heading] of [
      ['/cost-estimator', 'Manage your construction cost estimates'],
      ['/notetaker', /notetaker/i],
      ['/settings', /settings/i],
      ['/admin/users', /users/i],
      ['/share/not-a-real-token', 'Estimate Not Found'],
    ] as const) {
      await session.page.goto(path)
      await visible(text(session.page, heading).first())
    }
    expect(violations).toEqual([])
    await session.context.close()
  })

  it('shows the demo organisation, monthly usage and the remotes in the sidebar', async () => {
    const { context, page } = await signedIn()
    await visible(text(page, 'Demo Construction Co.'))
    await visible(page.getByRole('link', { name: 'Cost Estimator' }))
    await visible(page.getByRole('link', { name: 'AI Notetaker' }))
    await visible(page.getByRole('link', { name: 'Tasks' }))
    await visible(page.getByRole('link', { name: 'Settings' }))
    // The demo user is not a platform admin.
    expect(await page.getByRole('link', { name: 'Monitoring' }).count()).toBe(0)
    await page.getByRole('link', { name: 'Cost Estimator' }).click()
    await waitForPath(page, '/cost-estimator')
    await visible(text(page, 'Manage your construction cost estimates'))
    await screenshot(page, 'cost-estimator-placeholder')
    await page.goto('/no-such-page')
    await visible(text(page, /404|not found/i))
    await screenshot(page, 'not-found')
    await context.close()
  })

  it('shows Admin and Monitoring to a platform admin', async () => {
    const session = await newPage(browser)
    await signIn(session.page, 'admin@plumbline.dev', 'Admin-Plumbline-2025')
    await waitForPath(session.page, '/')
    await visible(session.page.getByRole('link', { name: 'Monitoring' }))
    await session.page.getByRole('link', { name: 'Admin' }).click()
    await waitForPath(session.page, '/admin/users')
    await session.context.close()
  })

  it('keeps the chosen theme across a reload', async () => {
    const { context, page } = await signedIn()
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'))
    const before = await isDark()
    await page
      .getByRole('button', { name: /theme|dark|light/i })
      .first()
      .click()
    await page.waitForFunction((was) => document.documentElement.classList.contains('dark') !== was, before)
    await page.reload()
    await visible(page.getByRole('heading', { name: 'Dashboard' }))
    expect(await isDark()).toBe(!before)
    await screenshot(page, before ? 'dashboard-light' : 'dashboard-dark')
    await context.close()
  })

  it('opens the sidebar as a drawer on a phone and closes it on navigation, backdrop and close button', async () => {
    const { context, page } = await signedIn({ mobile: true })
    const drawer = page.getByRole('dialog', { name: 'Navigation menu' })
    const open = async () => {
      await page.getByRole('button', { name: 'Open menu' }).click()
      await visible(drawer)
      // Settled once the slide-in animation has brought it fully on screen.
      await page.waitForFunction(() => (document.querySelector('[aria-label="Navigation menu"]')?.getBoundingClientRect().left ?? -1) >= 0)
    }

    await screenshot(page, 'dashboard-mobile')
    await open()
    await screenshot(page, 'drawer-mobile', { fullPage: false })
    await drawer.getByRole('button', { name: 'Close menu' }).click()
    await drawer.waitFor({ state: 'hidden' })

    await open()
    await page.getByTestId('sidebar-backdrop').click({ position: { x: 370, y: 400 } })
    await drawer.waitFor({ state: 'hidden' })

    await open()
    await drawer.getByRole('link', { name: 'Tasks' }).click()
    await waitForPath(page, '/tasks')
    await drawer.waitFor({ state: 'hidden' })
    await context.close()
  })

  it('keeps working when a remote server dies mid-session, and Retry loads it once it is back', async () => {
    const { context, page } = await signedIn()
    await controlStack('remotes', 'meetings', 'stop')
    try {
      await page.getByRole('link', { name: 'AI Notetaker' }).click()
      await waitForPath(page, '/notetaker')
      const retry = await visible(page.getByRole('button', { name: /retry/i }))
      await screenshot(page, 'remote-unavailable')
      // The rest of the shell still works.
      await page.getByRole('link', { name: 'Dashboard' }).click()
      await visible(page.getByRole('heading', { name: 'Dashboard' }))
      await page.getByRole('link', { name: 'AI Notetaker' }).click()
      await visible(retry)
    } finally {
      await controlStack('remotes', 'meetings', 'start')
    }
    await page.getByRole('button', { name: /retry/i }).click()
    await page.getByRole('button', { name: /retry/i }).waitFor({ state: 'hidden', timeout: 15_000 })
    await screenshot(page, 'notetaker-placeholder')
    await context.close()
  })
})
