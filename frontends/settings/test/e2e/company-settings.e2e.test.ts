import { launchBrowser } from '@plumbline/testing'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, apiOk, hidden, makePng, overflowingElements, runTag, settingsPath, shot, signedIn, toast, visible } from './settings-helpers'

// The Company tab against the real stack: admin stores the settings, documents the logo, ai
// writes the preview. The demo organisation is shared with other journeys, so every test puts
// back what it changed.

type Settings = {
  companyName: string | null
  enableBusinessInsights: boolean
  brandingColors: Record<string, unknown>
  logoFileData: boolean
  logoUrl: string | null
  logoFileName: string | null
  aiPromptTemplate: string | null
}

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function openCompanyTab(page: Page) {
  await page.goto('/settings')
  await visible(page.getByRole('region', { name: 'Company Profile' }))
  await visible(page.getByLabel('Company Name'))
}

describe('settings: Company tab', () => {
  it('saves an edited company name and feature flag, and they survive a reload', async () => {
    const { context, page } = await signedIn(browser)
    const path = await settingsPath(page)
    const before = await apiOk<Settings>(page, 'GET', path)
    try {
      await openCompanyTab(page)
      expect(await page.getByRole('tab', { name: 'Company' }).getAttribute('aria-selected')).toBe('true')
      await visible(page.getByRole('region', { name: 'AI Configuration' }))
      await visible(page.getByRole('region', { name: 'Technical Settings' }))
      await visible(page.getByRole('region', { name: 'Feature Configuration' }))
      await shot(page, 'company-desktop')

      const name = `Summit Roofing ${runTag('E2e')}`
      const insights = page.getByRole('switch', { name: 'Business insights' })
      await page.getByLabel('Company Name').fill(name)
      await insights.click()
      await visible(page.getByText('2 unsaved changes'))
      await page.getByRole('button', { name: 'Save Changes' }).click()
      await visible(toast(page, 'Settings saved'))
      await visible(page.getByText('All changes saved'))

      const saved = await apiOk<Settings>(page, 'GET', path)
      expect(saved.companyName).toBe(name)
      expect(saved.enableBusinessInsights).toBe(!before.enableBusinessInsights)

      await page.reload()
      await visible(page.getByLabel('Company Name'))
      expect(await page.getByLabel('Company Name').inputValue()).toBe(name)
      expect(await page.getByRole('switch', { name: 'Business insights' }).getAttribute('aria-checked')).toBe(String(!before.enableBusinessInsights))
    } finally {
      await apiOk(page, 'PUT', path, { companyName: before.companyName, enableBusinessInsights: before.enableBusinessInsights })
      await context.close()
    }
  }, 90_000)

  it('refuses to save branding colours that are not valid JSON', async () => {
    const { context, page } = await signedIn(browser)
    const path = await settingsPath(page)
    const before = await apiOk<Settings>(page, 'GET', path)
    await openCompanyTab(page)
    const box = page.getByLabel('Branding Colours (JSON)')
    await box.fill('{"primary": "#1e40af", }')
    await box.press('Tab')
    const message = await visible(page.getByText(/^Branding colours must be valid JSON: /))
    expect(await box.getAttribute('aria-invalid')).toBe('true')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await visible(toast(page, 'Check the highlighted fields'))
    await message.scrollIntoViewIfNeeded()
    await shot(page, 'invalid-json', { fullPage: false })
    expect((await apiOk<Settings>(page, 'GET', path)).brandingColors).toEqual(before.brandingColors)

    // Fixing it clears the message; Discard puts the saved text back.
    await box.fill('{"primary": "#1e40af", "secondary": "#f59e0b"}')
    await hidden(page.getByText(/^Branding colours must be valid JSON/))
    await visible(page.getByRole('list', { name: 'Brand colour preview' }))
    await page.getByRole('button', { name: 'Discard' }).click()
    await visible(page.getByText('All changes saved'))
    await context.close()
  }, 60_000)

  it('fits a phone, the other tabs too', async () => {
    const { context, page } = await signedIn(browser, { mobile: true })
    await openCompanyTab(page)
    await visible(page.getByRole('region', { name: 'Feature Configuration' }))
    await shot(page, 'company-phone')
    expect(await overflowingElements(page)).toEqual([])
    // With a change the save bar sticks to the bottom of the screen and still fits.
    await page.getByLabel('Company Phone').fill('(555) 010-9999')
    await visible(page.getByText('1 unsaved change'))
    await shot(page, 'phone-dirty', { fullPage: false })
    expect(await overflowingElements(page)).toEqual([])
    await page.getByRole('button', { name: 'Discard' }).click()
    await visible(page.getByText('All changes saved'))
    await page.getByRole('tab', { name: 'Roles' }).click()
    await visible(page.getByRole('heading', { name: 'System Roles' }))
    expect(new URL(page.url()).search).toBe('?tab=roles')
    expect(await overflowingElements(page)).toEqual([])
    await context.close()
    const dark = await signedIn(browser, { colorScheme: 'dark' })
    await openCompanyTab(dark.page)
    await shot(dark.page, 'company-dark', { fullPage: false })
    await dark.context.close()
  })

  it('previews a prompt template with sample values', async () => {
    const { context, page } = await signedIn(browser)
    await openCompanyTab(page)
    const template = page.getByLabel('Prompt Template')
    await template.fill('')
    await page.getByRole('button', { name: 'Preview' }).click()
    await visible(toast(page, 'No Template'))
    await template.fill('Write a short project overview for ')
    await page.getByRole('button', { name: 'Insert {{clientName}}' }).click()
    expect(await template.inputValue()).toBe('Write a short project overview for {{clientName}}')
    await page.getByRole('button', { name: 'Preview' }).click()
    const panel = await visible(page.getByRole('region', { name: 'Prompt preview' }), 30_000)
    await visible(panel.getByText(/Written by (the built-in writer|OpenAI)/))
    expect((await panel.textContent())?.length ?? 0).toBeGreaterThan(40)
    await panel.scrollIntoViewIfNeeded()
    await shot(page, 'prompt-preview', { fullPage: false })
    await context.close()
  }, 60_000)

  it('uploads a PNG logo, shows it after a reload, then removes it', async () => {
    const { context, page } = await signedIn(browser)
    const path = await settingsPath(page)
    const before = await apiOk<Settings>(page, 'GET', path)
    try {
      await openCompanyTab(page)
      // A logo URL the server refuses to fetch (loopback) is reported under the box, not saved.
      await page.getByLabel('Logo URL').fill('http://127.0.0.1:9/logo.png')
      await page.getByRole('button', { name: 'Use this URL' }).click()
      const urlError = await visible(page.locator('#logo-url-error'), 30_000)
      expect((await urlError.textContent())?.trim().length ?? 0).toBeGreaterThan(5)
      expect((await apiOk<Settings>(page, 'GET', path)).logoUrl).toBe(before.logoUrl)
      await shot(page, 'logo-url-refused', { fullPage: false })

      await page.getByRole('tab', { name: 'Upload' }).click()
      // A GIF is refused in the browser, before anything is sent.
      await page.getByLabel('Logo file').setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') })
      await visible(toast(page, 'Invalid file type'))

      await page.getByLabel('Logo file').setInputFiles({ name: 'summit-logo.png', mimeType: 'image/png', buffer: makePng() })
      const preview = await visible(page.getByTestId('logo-file-preview'))
      await visible(preview.getByRole('img', { name: 'Selected logo preview' }))
      await page.getByRole('region', { name: 'Company Profile' }).scrollIntoViewIfNeeded()
      await shot(page, 'logo-picked', { fullPage: false })
      await preview.getByRole('button', { name: 'Upload' }).click()
      await visible(toast(page, 'Logo uploaded'), 30_000)
      await hidden(page.getByTestId('logo-file-preview'))
      const logo = page.getByTestId('current-logo').getByRole('img', { name: 'Company logo' })
      await visible(logo)
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('[data-testid="current-logo"] img')
        return !!img && img.complete && img.naturalWidth > 0
      })
      const saved = await apiOk<Settings>(page, 'GET', path)
      expect(saved.logoFileData).toBe(true)
      expect(saved.logoFileName).toBe('summit-logo.png')
      const view = await api(page, 'GET', `${path}/logo/view`)
      expect(view.status).toBe(200)

      // A reload opens on the Upload tab (an uploaded logo exists) and shows the stored image.
      await page.reload()
      await visible(page.getByTestId('current-logo').getByRole('img', { name: 'Company logo' }))
      expect(await page.getByRole('tab', { name: 'Upload' }).getAttribute('aria-selected')).toBe('true')
      await page.getByRole('region', { name: 'Company Profile' }).scrollIntoViewIfNeeded()
      await shot(page, 'logo-uploaded', { fullPage: false })

      await page.getByRole('button', { name: 'Remove logo' }).click()
      await visible(toast(page, 'Logo removed'))
      await visible(page.getByTestId('current-logo').getByTestId('logo-placeholder'))
      expect((await apiOk<Settings>(page, 'GET', path)).logoFileData).toBe(false)
    } finally {
      if (before.logoUrl) await api(page, 'PUT', path, { logoUrl: before.logoUrl })
      await context.close()
    }
  }, 90_000)
})
