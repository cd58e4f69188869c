import { parseRichText, plainText } from '@plumbline/contracts/rich-text'
import { launchBrowser, newPage, pdfText, screenshot } from '@plumbline/testing'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiOk, signedIn, toastText, visible } from './detail-helpers'
import { orgPath, overflowingElements, runTag, waitForPath } from './estimates-helpers'

// The AI content and PDF journey on the real stack (ai and documents services included):
// create with automatic AI → sections filled → chat revises a section → Apply → Export PDF opens
// a PDF → the shared link shows the revised section to a client with no session.

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const TYPES = ['executive_summary', 'project_overview', 'scope_of_work', 'timeline', 'qa_notes'] as const

/** The characters a reader sees, in order (blocks and line breaks are layout, not text). */
const letters = (s: string | null) => (s ?? '').replace(/\s+/g, '')
/** A section's characters as every surface draws them (Markdown read by the one parser; list markers are drawn, not text). */
const readable = (raw: string) => letters(plainText(parseRichText(raw)).replace(/^ *(?:-|\d+\.) /gm, ''))

/** A word no writer would make up: it may only reach the client if the meeting notes were copied. */
const notesMarker = (tag: string) => `Qx${tag.replace(/[^A-Za-z0-9]/g, '')}Zv`

async function createWithAutoAi(page: Page, tag: string): Promise<string> {
  await page.goto('/cost-estimator?new=1')
  const dlg = await visible(page.getByRole('dialog', { name: 'Create New Estimate' }))
  await dlg.getByRole('radio', { name: /Roofing/ }).click()
  await dlg.getByLabel('Property Address').fill('1425 Maple Ridge Dr, Austin, TX 78704')
  await dlg.getByLabel('Client Name').fill(`Avery ${tag}`)
  await dlg.getByLabel('Client Email').fill('avery@example.com')
  await dlg.getByLabel('Total Project Cost ($)').fill('24800')
  await dlg.getByLabel('Square Footage (optional)').fill('1900')
  // Contractor-only notes ("only you can see these") with a unique marker in a sentence about what the client wants.
  await dlg
    .getByLabel('Meeting Notes / Transcript (optional)')
    .fill(`Client wants architectural shingles in ${notesMarker(tag)} grey and a new ridge vent before the rainy season.`)
  expect(await (await visible(dlg.getByTestId('ai-mode-badge'))).textContent()).toBe('Auto')
  // The manual action as well: its text becomes the estimate's AI summary.
  await dlg.getByRole('button', { name: /Generate AI Content/ }).click()
  await visible(toastText(page, 'AI Content Generated'), 30_000)
  const generated = await visible(dlg.getByTestId('ai-generated-content'))
  expect(await generated.getByTestId('writer-label').textContent()).toMatch(/^Written by: .+/)
  await generated.scrollIntoViewIfNeeded()
  await screenshot(page, 'ai-dialog-card', { fullPage: false })
  await dlg.getByRole('button', { name: 'Create Estimate' }).click()
  await visible(page.getByRole('heading', { name: 'Creating Your Estimate' }))
  await waitForPath(page, (u) => /^\/estimates\/[^/]+$/.test(u.pathname), 60_000)
  await visible(toastText(page, 'Estimate created with AI-generated content!'))
  return decodeURIComponent(new URL(page.url()).pathname.split('/')[2]!)
}

describe('AI content and PDF', () => {
  it('creates with auto AI, revises a section through the chat, exports a PDF and shares the revised text', async () => {
    const { context, page } = await signedIn(browser)
    const org = await orgPath(page)
    // The demo organisation generates automatically (the default; set it in case a journey changed it).
    await apiOk(page, 'PUT', `${org}/company-settings`, { autoGenerateAI: true })
    const tag = runTag('Ai')
    const marker = notesMarker(tag)
    const id = await createWithAutoAi(page, tag)
    const base = `${org}/estimates/${id}`

    // Every section was written and saved; the cards show them with the writer's name.
    await visible(page.getByRole('heading', { name: 'Project Documentation' }))
    const saved = await apiOk<{ contentSections: Record<string, string | null>; aiSummary: string | null }>(page, 'GET', base)
    expect(saved.aiSummary?.trim()).toBeTruthy()
    for (const type of TYPES) {
      expect(saved.contentSections[type]?.trim(), type).toBeTruthy()
      // The writer may use the meeting notes, never copy them into a section.
      expect(saved.contentSections[type], type).not.toContain(marker)
      await expect.poll(() => page.getByTestId(`content-card-${type}`).getAttribute('data-state'), { timeout: 10_000 }).toBe('populated')
    }
    expect(await (await visible(page.getByTestId('writer-label'))).textContent()).toMatch(/^Written by: .+/)
    await page.getByRole('heading', { name: 'Project Documentation' }).scrollIntoViewIfNeeded()
    await screenshot(page, 'ai-detail-cards', { fullPage: false })

    // Chat: ask for a revision of the executive summary; Enter sends.
    const card = page.getByTestId('content-card-executive_summary')
    await card.getByRole('button', { name: 'AI chat about Executive Summary' }).click()
    const box = await visible(card.getByLabel('Message about Executive Summary'))
    await box.fill('Please make this shorter and mention the two-week permit timeline.')
    await box.press('Enter')
    const proposal = await visible(card.getByTestId('chat-proposal'), 30_000)
    const proposed = letters(await proposal.getByTestId('chat-proposal-text').textContent())
    expect(proposed.length).toBeGreaterThan(0)
    expect(proposed).not.toBe(readable(saved.contentSections.executive_summary!))
    expect(await box.inputValue()).toBe('')
    await screenshot(page, 'ai-chat', { fullPage: false })

    // Apply saves the proposal as the section in one click.
    await proposal.getByRole('button', { name: 'Apply' }).click()
    await visible(proposal.getByRole('button', { name: 'Applied' }))
    await expect.poll(async () => readable((await apiOk(page, 'GET', base)).contentSections.executive_summary ?? '')).toBe(proposed)
    const shown = letters(await card.getByTestId('content-text-executive_summary').textContent())
    expect(proposed.startsWith(shown.replace(/…$/, ''))).toBe(true)

    // Export PDF: a new tab opens on the generated PDF.
    const responses: { url: string; type: string; status: number }[] = []
    context.on('response', (r) => responses.push({ url: r.url(), type: r.headers()['content-type'] ?? '', status: r.status() }))
    const [tab] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Export PDF' }).click()])
    await expect.poll(() => tab.url(), { timeout: 30_000 }).not.toBe('about:blank')
    const pdfUrl = tab.url()
    await expect.poll(() => responses.find((r) => r.url === pdfUrl)?.type, { timeout: 30_000 }).toMatch(/^application\/pdf/)
    expect(responses.find((r) => r.url === pdfUrl)!.status).toBe(200)
    // The same link read once more is a real PDF file.
    const file = await page.request.get(pdfUrl)
    expect(file.headers()['content-type']).toMatch(/^application\/pdf/)
    const bytes = Buffer.from(await file.body())
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const printed = pdfText(bytes)
    expect(printed).toContain('Project Overview')
    expect(printed).not.toContain(marker)
    await tab.close().catch(() => {})

    // Share, then open the link as the client: the revised summary shows.
    await page.getByRole('button', { name: 'Share', exact: true }).click()
    const dialog = await visible(page.getByRole('dialog', { name: 'Share Estimate' }))
    await dialog.getByRole('button', { name: 'Enable Sharing' }).click()
    const link = await (await visible(dialog.getByTestId('share-link'))).inputValue()
    await page.keyboard.press('Escape')
    const client = await newPage(browser)
    await client.page.goto(link)
    await visible(client.page.getByText('Construction Estimate'))
    const section = client.page.getByTestId('public-content-section').filter({ hasText: 'Executive Summary' })
    await visible(section)
    const showMore = section.getByRole('button', { name: 'Show more' })
    if (await showMore.count()) await showMore.click()
    expect(letters(await section.getByTestId('public-content-text').textContent())).toBe(proposed)
    expect(await client.page.locator('body').textContent()).not.toContain(marker)
    await client.context.close()
    await context.close()
  }, 180_000)

  it('fits a phone: documentation cards and the chat', async () => {
    const { context, page } = await signedIn(browser, { mobile: true })
    const org = await orgPath(page)
    const types = await apiOk<{ id: string }[]>(page, 'GET', `${org}/project-types`)
    const est = await apiOk<{ id: string }>(page, 'POST', `${org}/estimates`, {
      projectTypeId: types[0]!.id,
      projectName: `Phone ${runTag('P')}`,
      clientName: 'Sam Lee',
      propertyAddress: '512 Oak Street, Sacramento, CA 95818',
      totalCost: '15000',
    })
    await page.goto(`/estimates/${est.id}`)
    const timeline = page.getByTestId('content-card-timeline')
    await visible(timeline)
    // Per-section generation on an empty card.
    await timeline.getByRole('button', { name: 'Generate with AI' }).click()
    await expect.poll(() => timeline.getAttribute('data-state'), { timeout: 30_000 }).toBe('populated')
    await timeline.scrollIntoViewIfNeeded()
    await screenshot(page, 'ai-detail-cards-phone', { fullPage: false })
    await timeline.getByRole('button', { name: 'AI chat about Timeline' }).click()
    const box = await visible(timeline.getByLabel('Message about Timeline'))
    await box.fill('Add a week for inspections.')
    await box.press('Enter')
    await visible(timeline.getByTestId('chat-message'), 30_000)
    await box.scrollIntoViewIfNeeded()
    await screenshot(page, 'ai-chat-phone', { fullPage: false })
    expect(await overflowingElements(page)).toEqual([])
    await context.close()
  }, 120_000)
})
