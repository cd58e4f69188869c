import { DEMO, e2eBaseUrl, launchBrowser, mailAttachment, newPage, pdfText, screenshot, waitForMail } from '@plumbline/testing'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiOk, contractorContext, createEstimate, visible } from './detail-helpers'

// The client signs with a drawn signature; both sides receive the signed PDF, whose text holds
// the signer's name and the snapshot's hash. One signed-in browser state for the file.

let browser: Browser
let contractor: BrowserContext
let page: Page

beforeAll(async () => {
  browser = await launchBrowser()
  const session = await contractorContext(browser)
  contractor = session.context
  page = session.page
})
afterAll(async () => {
  await contractor?.close()
  await browser?.close()
})

const unique = (label: string) => `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`

describe('the signed approval', () => {
  it('the client signs by drawing; client and contractor both get the signed PDF with the name and the hash', async () => {
    const clientEmail = unique('signer')
    const est = await createEstimate(page, { clientEmail })
    const { projectName } = await apiOk<{ projectName: string }>(page, 'GET', est.base)
    const { shareToken } = await apiOk<{ shareToken: string }>(page, 'POST', `${est.base}/share`)

    const client = await newPage(browser)
    const cp = client.page
    await cp.goto(`/share/${shareToken}`)
    await cp.getByRole('button', { name: 'Approve Estimate' }).click()
    const dialog = await visible(cp.getByRole('dialog', { name: 'Approve Estimate' }))
    await dialog.getByLabel('Your full name').fill('Jordan Smith')
    // A signature drawn with the mouse on the canvas.
    const pad = await visible(dialog.getByTestId('signature-pad'))
    const box = (await pad.boundingBox())!
    await cp.mouse.move(box.x + 30, box.y + box.height * 0.7)
    await cp.mouse.down()
    for (const [dx, dy] of [
      [60, -40],
      [110, 10],
      [160, -35],
      [220, 15],
      [280, -20],
    ])
      await cp.mouse.move(box.x + 30 + dx!, box.y + box.height * 0.7 + dy!, { steps: 4 })
    await cp.mouse.up()
    await dialog.getByLabel('Your e-mail (optional)').fill(clientEmail)
    await dialog.getByRole('checkbox').click()
    await screenshot(cp, 'share-approve-signature', { fullPage: false })
    await dialog.getByRole('button', { name: 'Approve Estimate' }).click()
    await visible(cp.getByTestId('decision-confirmation'))
    await client.context.close()

    const record = await apiOk<{ signerName: string; snapshotSha256: string; verified: boolean; signature: { kind: string } }>(
      page,
      'GET',
      `${est.base}/approval`,
    )
    expect(record).toMatchObject({ signerName: 'Jordan Smith', verified: true, signature: { kind: 'drawn' } })

    const clientMail = await waitForMail(e2eBaseUrl(), clientEmail, `Your signed estimate for ${projectName}`, 45_000)
    const contractorMail = await waitForMail(e2eBaseUrl(), DEMO.email, `Jordan Smith approved “${projectName}”`, 45_000)
    for (const mail of [clientMail, contractorMail]) {
      expect(mail.attachments.map((a) => a.filename)).toEqual([expect.stringMatching(/-signed\.pdf$/)])
      const text = pdfText(await mailAttachment(e2eBaseUrl(), mail))
      expect(text).toContain('Client Approval')
      expect(text).toContain('Jordan Smith')
      expect(text).toContain(record.snapshotSha256)
      expect(text).toContain('Signature (drawn)')
    }
  })
})
