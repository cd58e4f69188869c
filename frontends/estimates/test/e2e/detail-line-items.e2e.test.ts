import { readFile } from 'node:fs/promises'
import { launchBrowser, screenshot } from '@plumbline/testing'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addItem, addSection, apiOk, type Created, createEstimate, signedIn, toastText, visible } from './detail-helpers'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

type SectionWire = {
  id: string
  name: string
  total: string
  lineItems: { id: string; name: string; quantity: string; unitCost: string; totalCost: string; unit: string }[]
}
const sectionsOf = (page: Page, est: Created) => apiOk<SectionWire[]>(page, 'GET', `${est.base}/sections`)
const section = (page: Page, name: string) =>
  page.getByTestId('line-item-section').filter({ has: page.getByTestId('section-name').getByText(name, { exact: true }) })
const rowNames = (scope: Locator) => scope.getByTestId('line-item-name').allTextContents()

/** Drags a row by its handle onto another row with real pointer moves (dnd-kit starts after 8 px). */
async function drag(page: Page, from: Locator, to: Locator) {
  // Mouse coordinates are viewport coordinates: bring the editor to the top of the screen first.
  await page.getByRole('heading', { name: 'Line Items' }).evaluate((el) => el.scrollIntoView({ block: 'start' }))
  const a = (await from.boundingBox())!
  const b = (await to.boundingBox())!
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2)
  await page.mouse.down()
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + 12, { steps: 4 })
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 })
  await page.waitForTimeout(150)
  await page.mouse.up()
}

async function addLineItemViaDialog(
  page: Page,
  sectionName: string,
  item: { name: string; type?: string; quantity?: string; unit?: string; unitCost?: string },
) {
  await section(page, sectionName).getByRole('button', { name: 'Add Line Item' }).click()
  const dialog = await visible(page.getByRole('dialog', { name: 'Add Line Item' }))
  await dialog.getByLabel('Name').fill(item.name)
  if (item.type) await dialog.getByLabel('Type').selectOption({ label: item.type })
  if (item.unit) await dialog.getByLabel('Unit', { exact: true }).selectOption(item.unit)
  if (item.quantity) await dialog.getByLabel('Quantity').fill(item.quantity)
  if (item.unitCost) await dialog.getByLabel('Unit Cost ($)').fill(item.unitCost)
  return dialog
}

// The line-item editor's story in four steps, each a test of its own on one page and estimate.
let editor: Awaited<ReturnType<typeof signedIn>>
let est: Awaited<ReturnType<typeof createEstimate>>
// And the CSV round trip's, in three: the page and the estimate it imports into carry on.
let csvSession: Awaited<ReturnType<typeof signedIn>>
let target: Awaited<ReturnType<typeof createEstimate>>
afterAll(async () => {
  await editor?.context.close()
  await csvSession?.context.close()
})

describe('estimate detail: line items', () => {
  it('adds sections and items through the dialogs, with the spec defaults, required names and live totals', async () => {
    editor = await signedIn(browser)
    const { page } = editor
    est = await createEstimate(page)
    await page.goto(`/estimates/${est.id}`)
    await visible(page.getByRole('heading', { name: 'Line Items' }))
    await visible(page.getByText('No line items yet'))

    // Cost range card: 15% (the default variance) on 100,000, and 100,000 / 2,000 sq ft.
    expect(await page.getByTestId('estimated-range').textContent()).toBe('$85,000 - $115,000')
    expect(await page.getByTestId('cost-per-sqft').textContent()).toBe('$50.00')

    // Add Section: the name is required.
    await page.getByRole('button', { name: 'Add Section' }).first().click()
    let dialog = await visible(page.getByRole('dialog', { name: 'Add Section' }))
    await dialog.getByRole('button', { name: 'Add Section' }).click()
    await visible(dialog.getByText('Name is required'))
    await dialog.getByLabel('Name').fill('Demolition')
    await dialog.getByRole('button', { name: 'Add Section' }).click()
    await visible(section(page, 'Demolition'))

    // Add Line Item: spec defaults, required name, live total.
    dialog = await addLineItemViaDialog(page, 'Demolition', { name: '' })
    expect(await dialog.getByLabel('Quantity').inputValue()).toBe('1')
    expect(await dialog.getByLabel('Unit Cost ($)').inputValue()).toBe('0')
    expect(await dialog.getByLabel('Unit', { exact: true }).inputValue()).toBe('each')
    expect(await dialog.getByLabel('Type').inputValue()).toBe('material')
    expect(await dialog.getByLabel('Apply markup').getAttribute('data-state')).toBe('checked')
    expect(await dialog.getByLabel('Apply tax').getAttribute('data-state')).toBe('checked')
    expect(await dialog.getByLabel('Quantity').getAttribute('step')).toBe('0.001')
    expect(await dialog.getByLabel('Unit Cost ($)').getAttribute('step')).toBe('0.01')
    await dialog.getByRole('button', { name: 'Add Line Item' }).click()
    await visible(dialog.getByText('Name is required'))
    await dialog.getByLabel('Name').fill('Demo crew')
    await dialog.getByLabel('Type').selectOption({ label: 'Labor' })
    await dialog.getByLabel('Unit', { exact: true }).selectOption('hours')
    await dialog.getByLabel('Quantity').fill('16')
    await dialog.getByLabel('Unit Cost ($)').fill('65')
    expect(await dialog.getByTestId('line-item-dialog-total').textContent()).toBe('$1,040.00')
    await dialog.getByLabel('Quantity').fill('0.333')
    await dialog.getByLabel('Unit Cost ($)').fill('3')
    expect(await dialog.getByTestId('line-item-dialog-total').textContent()).toBe('$1.00')
    await dialog.getByLabel('Quantity').fill('16')
    await dialog.getByLabel('Unit Cost ($)').fill('65')
    await screenshot(page, 'detail-add-line-item-dialog', { fullPage: false })
    await dialog.getByRole('button', { name: 'Add Line Item' }).click()
    await dialog.waitFor({ state: 'hidden' })
    const demolition = section(page, 'Demolition')
    await visible(demolition.getByText('Demo crew'))

    dialog = await addLineItemViaDialog(page, 'Demolition', { name: 'Dumpster rental', type: 'Equipment', unitCost: '450' })
    await dialog.getByRole('button', { name: 'Add Line Item' }).click()
    await dialog.waitFor({ state: 'hidden' })
    dialog = await addLineItemViaDialog(page, 'Demolition', { name: 'Haul-away', quantity: '2', unitCost: '125.5' })
    await dialog.getByRole('button', { name: 'Add Line Item' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await visible(demolition.getByText('Haul-away'))
    expect(await rowNames(demolition)).toEqual(['Demo crew', 'Dumpster rental', 'Haul-away'])
    // 1,040 + 450 + 251 = 1,741
    await expect.poll(() => demolition.getByTestId('section-total').textContent()).toBe('$1,741.00')
  })

  it('edits a row in place and reorders within a section; a drop into another section is refused', async () => {
    const { page } = editor
    const demolition = section(page, 'Demolition')
    // In-row editing: the row total is recomputed live, then saved by the server.
    await demolition.getByRole('button', { name: 'Edit Demo crew' }).click()
    const editing = demolition.locator('[data-editing="true"]')
    await editing.getByLabel('Quantity').fill('20')
    expect(await editing.getByTestId('line-item-live-total').textContent()).toBe('$1,300.00')
    await editing.getByLabel('Unit cost').fill('64.5')
    expect(await editing.getByTestId('line-item-live-total').textContent()).toBe('$1,290.00')
    await screenshot(page, 'detail-line-item-row-editing', { fullPage: false })
    await editing.getByRole('button', { name: 'Save line item' }).click()
    await editing.waitFor({ state: 'detached' })
    await expect.poll(() => demolition.getByTestId('section-total').textContent()).toBe('$1,991.00')
    const saved = (await sectionsOf(page, est))[0]!.lineItems.find((i) => i.name === 'Demo crew')!
    expect(saved).toMatchObject({ quantity: '20.000', unitCost: '64.50', totalCost: '1290.00', unit: 'hours' })

    // Drag reordering within the section (persisted on the server).
    await drag(page, demolition.getByRole('button', { name: 'Reorder Haul-away' }), demolition.getByTestId('line-item-row').first())
    await expect.poll(() => rowNames(demolition)).toEqual(['Haul-away', 'Demo crew', 'Dumpster rental'])
    await expect.poll(async () => (await sectionsOf(page, est))[0]!.lineItems.map((i) => i.name)).toEqual(['Haul-away', 'Demo crew', 'Dumpster rental'])

    // A second section: dropping an item there is refused with the spec's message.
    await page.getByRole('button', { name: 'Add Section' }).first().click()
    let dialog = await visible(page.getByRole('dialog', { name: 'Add Section' }))
    await dialog.getByLabel('Name').fill('Cabinetry')
    await dialog.getByRole('button', { name: 'Add Section' }).click()
    await visible(section(page, 'Cabinetry'))
    dialog = await addLineItemViaDialog(page, 'Cabinetry', { name: 'Base cabinets', unit: 'lnft', quantity: '12.5', unitCost: '310.25' })
    await dialog.getByRole('button', { name: 'Add Line Item' }).click()
    await dialog.waitFor({ state: 'hidden' })
    const cabinetry = section(page, 'Cabinetry')
    await visible(cabinetry.getByText('Base cabinets'))
    await drag(page, cabinetry.getByRole('button', { name: 'Reorder Base cabinets' }), demolition.getByTestId('line-item-row').nth(1))
    await visible(toastText(page, 'Items can only be reordered within the same section'))
    expect(await rowNames(demolition)).toEqual(['Haul-away', 'Demo crew', 'Dumpster rental'])
    expect(await rowNames(cabinetry)).toEqual(['Base cabinets'])
    // 1,991.00 + 3,878.13 (12.5 × 310.25 = 3,878.125 → 3,878.13)
    await expect.poll(() => page.getByTestId('line-items-grand-total').textContent()).toBe('$5,869.13')
    await screenshot(page, 'detail-line-items-editor')
  })

  it('renames a section (an empty name is ignored), collapses and expands, and deletes after asking', async () => {
    const { page } = editor
    const demolition = section(page, 'Demolition')
    const cabinetry = section(page, 'Cabinetry')
    // Rename via the prompt; an unchanged or empty name is ignored.
    await cabinetry.getByRole('button', { name: 'Section actions for Cabinetry' }).click()
    await page.getByRole('menuitem', { name: 'Rename section' }).click()
    let prompt = await visible(page.getByRole('dialog', { name: 'Rename section' }))
    await prompt.getByLabel('Section name').fill('   ')
    await prompt.getByRole('button', { name: 'Save' }).click()
    await prompt.waitFor({ state: 'hidden' })
    await visible(section(page, 'Cabinetry'))
    await cabinetry.getByRole('button', { name: 'Section actions for Cabinetry' }).click()
    await page.getByRole('menuitem', { name: 'Rename section' }).click()
    prompt = await visible(page.getByRole('dialog', { name: 'Rename section' }))
    await prompt.getByLabel('Section name').fill('Cabinets & Counters')
    await prompt.getByRole('button', { name: 'Save' }).click()
    await visible(section(page, 'Cabinets & Counters'))
    expect((await sectionsOf(page, est)).map((s) => s.name)).toEqual(['Demolition', 'Cabinets & Counters'])

    // Collapse All hides the tables; Expand All brings them back.
    await page.getByRole('button', { name: 'Line item actions' }).click()
    await page.getByRole('menuitem', { name: 'Collapse All' }).click()
    await demolition.getByTestId('line-item-row').first().waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Line item actions' }).click()
    await page.getByRole('menuitem', { name: 'Expand All' }).click()
    await visible(demolition.getByTestId('line-item-row'))

    // Delete a line item (confirmation), then a section (the text gives its item count).
    await demolition.getByRole('button', { name: 'Delete Dumpster rental' }).click()
    let confirm = await visible(page.getByRole('dialog', { name: 'Delete line item?' }))
    await visible(confirm.getByText('Delete "Dumpster rental" from Demolition? This cannot be undone.'))
    await confirm.getByRole('button', { name: 'Delete Line Item' }).click()
    await demolition.getByText('Dumpster rental').waitFor({ state: 'detached' })
    const renamed = section(page, 'Cabinets & Counters')
    await renamed.getByRole('button', { name: 'Section actions for Cabinets & Counters' }).click()
    await page.getByRole('menuitem', { name: 'Delete section' }).click()
    confirm = await visible(page.getByRole('dialog', { name: 'Delete section?' }))
    await visible(confirm.getByText('This will also delete its 1 line item.', { exact: false }))
    await screenshot(page, 'detail-delete-section-confirm', { fullPage: false })
    await confirm.getByRole('button', { name: 'Delete Section' }).click()
    await renamed.waitFor({ state: 'detached' })
    const left = await sectionsOf(page, est)
    expect(left.map((s) => s.name)).toEqual(['Demolition'])
    expect(left[0]!.lineItems.map((i) => i.name)).toEqual(['Haul-away', 'Demo crew'])
  })

  it('says when the line items fail to load, and Retry brings them back', async () => {
    const { page } = editor
    // A failed load shows the spec's message and Retry recovers.
    await page.route('**/sections', (route) => (route.request().method() === 'GET' ? route.fulfill({ status: 500, body: 'boom' }) : route.fallback()))
    await page.reload()
    const failure = await visible(page.getByText('Failed to load line items. Please try again.'))
    await page.getByRole('heading', { name: 'Line Items' }).evaluate((el) => el.scrollIntoView({ block: 'start' }))
    await screenshot(page, 'detail-line-items-load-failed', { fullPage: false })
    expect(await failure.isVisible()).toBe(true)
    await page.unroute('**/sections')
    await page.getByRole('button', { name: 'Retry' }).click()
    await visible(section(page, 'Demolition'))
  })

  it('exports line items to CSV and imports them into another estimate', async () => {
    csvSession = await signedIn(browser)
    const { page } = csvSession
    const source = await createEstimate(page)
    const s1 = await addSection(page, source, 'Framing', 0)
    const s2 = await addSection(page, source, 'Finishes, paint', 1)
    await addItem(page, source, s1.id, { name: '2x4 studs', quantity: 120, unit: 'each', unitCost: 4.25 })
    await addItem(page, source, s1.id, { name: 'Framing crew', quantity: 24, unit: 'hours', unitCost: 58, isLabor: true, isMaterial: false })
    await addItem(page, source, s2.id, {
      name: 'Interior paint "eggshell"',
      description: 'Two coats, walls and ceilings',
      quantity: 850.5,
      unit: 'sqft',
      unitCost: 1.15,
    })

    await page.goto(`/estimates/${source.id}`)
    await visible(section(page, 'Framing'))
    await page.getByRole('button', { name: 'Line item actions' }).click()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Export to CSV' }).click()])
    expect(download.suggestedFilename()).toMatch(/\.csv$/)
    const csv = await readFile((await download.path())!, 'utf8')
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
    expect(lines[0]).toBe('Section,Item,Type,Qty,Unit,Unit Cost,Description')
    expect(lines).toHaveLength(4)
    expect(csv).toContain('"Finishes, paint"')
    expect(csv).toContain('"Interior paint ""eggshell"""')

    // Import into a fresh estimate: same sections, items and totals.
    target = await createEstimate(page)
    await page.goto(`/estimates/${target.id}`)
    await visible(page.getByText('No line items yet'))
    await page.getByRole('button', { name: 'Line item actions' }).click()
    await page.getByRole('menuitem', { name: 'Import from CSV' }).click()
    const dialog = await visible(page.getByRole('dialog', { name: 'Import from CSV' }))
    await dialog.getByLabel('CSV file').setInputFiles({ name: 'line-items.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    await visible(dialog.getByText('line-items.csv'))
    await dialog.getByRole('button', { name: 'Import' }).click()
    // The dialog's title changes with the result, so find it by role alone from here.
    const result = page.getByRole('dialog')
    await visible(result.getByTestId('import-csv-result'))
    expect(await result.getByTestId('import-csv-result').textContent()).toBe('2 sections and 3 line items created.')
    await result.getByRole('button', { name: 'Done' }).click()
    await visible(section(page, 'Finishes, paint'))
    const [from, to] = [await sectionsOf(page, source), await sectionsOf(page, target)]
    const shape = (ss: SectionWire[]) =>
      ss.map((s) => ({ name: s.name, total: s.total, items: s.lineItems.map((i) => [i.name, i.quantity, i.unit, i.unitCost, i.totalCost]) }))
    expect(shape(to)).toEqual(shape(from))
    // 120 × 4.25 + 24 × 58 + 850.5 × 1.15 (978.075 → 978.08) = 510 + 1,392 + 978.08
    await expect.poll(() => page.getByTestId('line-items-grand-total').textContent()).toBe('$2,880.08')
  })

  it('imports nothing from a file with bad rows, listing each problem by row', async () => {
    const { page } = csvSession
    // A file with bad rows: nothing is imported and every problem is listed by row.
    await page.getByRole('button', { name: 'Line item actions' }).click()
    await page.getByRole('menuitem', { name: 'Import from CSV' }).click()
    const dialog = await visible(page.getByRole('dialog', { name: 'Import from CSV' }))
    const bad = [
      'Section,Item,Type,Qty,Unit,Unit Cost,Description',
      'Roof,Shingles,Material,abc,sqft,2.5,',
      'Roof,,Labor,3,hours,60,',
      'Roof,Nails,Material,1,buckets,9,',
    ].join('\n')
    await dialog.getByLabel('Or paste CSV').fill(bad)
    await dialog.getByRole('button', { name: 'Import' }).click()
    const failed = page.getByRole('dialog', { name: 'Import finished with errors' })
    const report = await visible(failed.getByRole('table', { name: 'Rows with errors' }))
    expect(await report.locator('tbody tr').count()).toBeGreaterThanOrEqual(3)
    expect(await failed.getByTestId('import-csv-result').textContent()).toMatch(/^Nothing was imported/)
    await screenshot(page, 'detail-import-csv-errors', { fullPage: false })
    await failed.getByRole('button', { name: 'Done' }).click()
    expect((await sectionsOf(page, target)).map((s) => s.name)).toEqual(['Framing', 'Finishes, paint'])
  })

  it('applies a template and reports what it created', async () => {
    const { page } = csvSession
    // Apply Template reports what it created.
    const templates = await apiOk<{ id: string; name: string; sections: { name: string; lineItems: unknown[] }[] }[]>(page, 'GET', `${target.org}/templates`)
    const roof = templates.find((t) => t.sections.length > 0)!
    const itemCount = roof.sections.reduce((a, x) => a + x.lineItems.length, 0)
    await page.getByRole('button', { name: 'Line item actions' }).click()
    await page.getByRole('menuitem', { name: 'Apply Template' }).click()
    const picker = await visible(page.getByRole('dialog', { name: 'Apply Template' }))
    await picker.getByRole('radio', { name: new RegExp(roof.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).click()
    await screenshot(page, 'detail-apply-template', { fullPage: false })
    await picker.getByRole('button', { name: 'Apply Template' }).click()
    const applied = page.getByRole('dialog', { name: 'Template applied' })
    expect(await (await visible(applied.getByTestId('apply-template-result'))).textContent()).toBe(
      `${roof.sections.length} ${roof.sections.length === 1 ? 'section' : 'sections'} and ${itemCount} ${itemCount === 1 ? 'line item' : 'line items'} created.`,
    )
    await applied.getByRole('button', { name: 'Done' }).click()
    await expect.poll(async () => (await sectionsOf(page, target)).length).toBe(2 + roof.sections.length)
    await visible(section(page, roof.sections[0]!.name))
  })
})
