import { DEMO, e2eBaseUrl, launchBrowser, mailAttachment, newPage, pdfText, screenshot, waitForMail } from '@plumbline/testing'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiOk, contractorContext, createEstimate, visible } from './detail-helpers'

// Sending an estimate from the app: the Send dialog, the client's branded mail (read from the
// development mailbox, as a mail client would) with its PDF, and the link it carries. One
// signed-in browser state for the file; what is not under test is seeded through the API.

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

async function openSendDialog() {
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  return visible(page.getByRole('dialog', { name: 'Send Estimate' }))
}

describe('sending an estimate by e-mail', () => {
  it('sends from the detail page to the client, whose mail carries the branded link and the PDF', async () => {
    const client = unique('client')
    const est = await createEstimate(page, { clientEmail: client, meetingTranscript: 'INTERNAL-NOTE: client budget could go higher.' })
    const { projectName } = await apiOk<{ projectName: string }>(page, 'GET', est.base)
    await page.goto(`/estimates/${est.id}`)
    const dialog = await openSendDialog()
    expect(await dialog.getByLabel('To').inputValue()).toBe(client)
    expect(await dialog.getByLabel('Subject').inputValue()).toContain(`Your estimate for ${projectName}`)
    await dialog.getByLabel('Message (optional)').fill('Hi Jordan,\nthanks for walking the kitchen with us today.')
    await screenshot(page, 'send-dialog', { fullPage: false })
    await dialog.getByRole('button', { name: 'Send Estimate' }).click()
    await dialog.waitFor({ state: 'detached' })
    const entry = await visible(page.getByTestId('timeline-entry').filter({ hasText: `Sent to ${client}` }))
    expect(await entry.getAttribute('data-kind')).toBe('sent')
    await screenshot(page, 'detail-timeline-sent')

    const mail = await waitForMail(e2eBaseUrl(), client, projectName, 30_000)
    const shareLink = mail.links.find((l) => l.includes('/share/'))!
    expect(shareLink).toMatch(new RegExp(`^${e2eBaseUrl()}/share/[A-Za-z0-9_-]{43}$`))
    expect(mail.text).toContain('thanks for walking the kitchen with us today.')
    expect(mail.html).toContain('View your estimate')
    expect(mail.replyTo).toBe(DEMO.email)
    expect(mail.attachments).toHaveLength(1)
    expect(mail.attachments[0]).toMatchObject({ contentType: 'application/pdf' })
    const pdf = pdfText(await mailAttachment(e2eBaseUrl(), mail))
    expect(pdf).toContain(projectName)
    // Contractor-only notes reach neither the mail nor its PDF.
    for (const text of [mail.text, mail.html, pdf]) expect(text).not.toContain('INTERNAL-NOTE')

    // The client opens the mail in the development mailbox and follows its link.
    const clientSession = await newPage(browser)
    const cp = clientSession.page
    await cp.goto(`/__dev/mailbox?to=${encodeURIComponent(client)}`)
    await visible(cp.getByRole('heading', { name: mail.subject }))
    await screenshot(cp, 'dev-mailbox-estimate-mail')
    const [sharePage] = await Promise.all([cp.context().waitForEvent('page'), cp.getByRole('link', { name: shareLink }).first().click()])
    await visible(sharePage.getByText('Construction Estimate'))
    expect(await sharePage.getByTestId('public-project-name').textContent()).toBe(projectName)
    await clientSession.context.close()
    // The first view lands on the contractor's timeline.
    await expect
      .poll(async () => (await apiOk<{ kind: string }[]>(page, 'GET', `${est.base}/timeline`)).map((e) => e.kind), { timeout: 15_000 })
      .toContain('viewed')
  })

  it('names the field for bad input, and refuses a declined estimate saying why', async () => {
    const est = await createEstimate(page, { clientEmail: unique('bad') })
    await page.goto(`/estimates/${est.id}`)
    const dialog = await openSendDialog()
    await dialog.getByLabel('To').fill('not-an-address')
    await dialog.getByLabel('Subject').fill('   ')
    await dialog.getByRole('button', { name: 'Send Estimate' }).click()
    await visible(dialog.getByText('Please enter a valid email'))
    await visible(dialog.getByText('Subject must not be empty'))
    await screenshot(page, 'send-dialog-errors', { fullPage: false })
    await page.keyboard.press('Escape')

    const { shareToken } = await apiOk<{ shareToken: string }>(page, 'POST', `${est.base}/share`)
    await apiOk(page, 'POST', `/api/public/estimates/${shareToken}/reject`, { reason: 'Not this year' })
    await page.reload()
    const again = await openSendDialog()
    await again.getByRole('button', { name: 'Send Estimate' }).click()
    await visible(page.getByText('This estimate was declined by the client. Reopen it before sending it again.'))
  })

  it('dashboard → New Estimate → … → Send stays within 10 actions', async () => {
    const client = unique('quick')
    let actions = 0
    const act = async (step: Promise<unknown>) => {
      actions++
      await step
    }
    await page.goto('/')
    await act(page.getByRole('button', { name: 'New Estimate' }).first().click())
    const dlg = await visible(page.getByRole('dialog', { name: 'Create New Estimate' }))
    await act(
      dlg
        .getByRole('radio', { name: /Roofing/ })
        .first()
        .click(),
    )
    await act(dlg.getByLabel('Client Name').fill('Quinn Baker'))
    await act(dlg.getByLabel('Client Email').fill(client))
    await act(dlg.getByLabel('Property Address').fill('88 Harbor Rd, Portland, ME 04101'))
    await act(dlg.getByLabel('Total Project Cost ($)').fill('12500'))
    await act(dlg.getByRole('button', { name: 'Create Estimate' }).click())
    await page.waitForURL(/\/estimates\/[0-9a-f-]{36}$/, { timeout: 30_000 })
    await act(page.getByRole('button', { name: 'Send', exact: true }).click())
    const send = await visible(page.getByRole('dialog', { name: 'Send Estimate' }))
    expect(await send.getByLabel('To').inputValue()).toBe(client)
    await act(send.getByRole('button', { name: 'Send Estimate' }).click())
    await send.waitFor({ state: 'detached' })
    expect(actions).toBeLessThanOrEqual(10)
    await waitForMail(e2eBaseUrl(), client, 'Roofing - Quinn Baker', 30_000)
  })
})
