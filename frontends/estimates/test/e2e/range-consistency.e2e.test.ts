import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { launchBrowser, newPage, screenshot } from '@plumbline/testing'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addItem, addSection, apiOk, createEstimate, signedIn, visible } from './detail-helpers'

// One variance-range rule (libs/contracts format.ts): the contractor's detail page, the client's
// public page and the PDF show the same range for the same estimate, even when the priced line
// items add up to something else than the estimate's total cost.

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** pdftotext (poppler-utils, installed by scripts/test.ts with chromium) without layout. */
function pdfText(bytes: Buffer): string {
  const path = join(mkdtempSync(join(tmpdir(), 'range-pdf-')), 'doc.pdf')
  writeFileSync(path, bytes)
  return execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' })
}

const RANGE = /\$[\d,]+ - \$[\d,]+/

describe('the variance range', () => {
  it('is the same on the detail page, on the public page and in the PDF', async () => {
    const { context, page } = await signedIn(browser)
    const est = await createEstimate(page, { totalCost: '24817.50' })
    const settings = await apiOk<{ varianceRangePercentage: string }>(page, 'GET', `${est.org}/company-settings`)
    await apiOk(page, 'PUT', `${est.org}/company-settings`, { varianceRangePercentage: '12.50' })
    try {
      const section = await addSection(page, est, 'Roofing')
      await addItem(page, est, section.id, { name: 'Shingles', quantity: 31.5, unit: 'sqft', unitCost: 412.35 })
      // 24,817.50 ± 12.5 %, whole dollars.
      const expected = '$21,715 - $27,920'

      await page.goto(`/estimates/${est.id}`)
      const detail = (await (await visible(page.getByTestId('estimated-range'))).textContent())!.trim()

      const { downloadUrl } = await apiOk<{ downloadUrl: string }>(page, 'POST', `${est.base}/generate-pdf`)
      const file = await page.request.get(downloadUrl)
      expect(file.status()).toBe(200)
      const text = pdfText(await file.body())
      expect(text).toContain('Estimated range')
      const printed = RANGE.exec(text.slice(text.indexOf('Estimated range')))?.[0]

      const { shareToken } = await apiOk<{ shareToken: string }>(page, 'POST', `${est.base}/share`)
      const client = await newPage(browser)
      await client.page.goto(`/share/${shareToken}`)
      const shown = (await (await visible(client.page.getByTestId('public-range'))).textContent())!
      await screenshot(client.page, 'public-range', { fullPage: false })
      await client.context.close()

      expect(detail).toBe(expected)
      expect(printed).toBe(expected)
      expect(RANGE.exec(shown)?.[0]).toBe(expected)
    } finally {
      await apiOk(page, 'PUT', `${est.org}/company-settings`, { varianceRangePercentage: settings.varianceRangePercentage })
      await context.close()
    }
  }, 120_000)
})
