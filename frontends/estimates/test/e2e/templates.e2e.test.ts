import { launchBrowser } from '@plumbline/testing'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiOk, hidden, orgPath, overflowingElements, runTag, shot, signedIn, toast, visible } from './estimates-helpers'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

type Tpl = { id: string; name: string; category: string; sections: { name: string; lineItems: { name: string; quantity: string; cost: string }[] }[] }

// One template's life in two tests that share the page: made in the form, then edited, previewed and deleted.
let session: Awaited<ReturnType<typeof signedIn>>
const name = `Deck ${runTag('Tpl')}`
afterAll(async () => {
  await session?.context.close()
})

describe('template manager', () => {
  it('creates an organisation template with two sections, checking the required fields first', async () => {
    session = await signedIn(browser)
    const { page } = session
    const org = await orgPath(page)
    await page.goto('/templates')
    await visible(page.getByRole('heading', { name: /Your Organization Templates/ }))
    await visible(page.getByRole('heading', { name: /System Templates/ }))
    await shot(page, 'templates')

    await page.getByRole('button', { name: /New Template/ }).click()
    const form = await visible(page.getByRole('dialog', { name: 'Create Template' }))
    await form.getByRole('button', { name: 'Create Template' }).click()
    await visible(form.getByText('Template name is required'))
    await visible(form.getByText('Please select a category'))
    await form.getByLabel('Template Name').fill(name)
    await form.getByRole('combobox', { name: 'Category' }).click()
    await page.getByRole('option', { name: 'Landscaping' }).click()
    await form.getByLabel('Description (optional)').fill('Composite deck, 300 sq ft')
    await form.getByRole('button', { name: /Add Section/ }).click()
    await form.getByLabel('Section 1 name').fill('Framing')
    await form.getByRole('button', { name: /Add Line Item/ }).click()
    await form.getByLabel('Item 1 name').fill('Pressure-treated joists')
    await form.getByLabel('Item 1 quantity').fill('24')
    await form.getByLabel('Item 1 unit cost').fill('18.50')
    await form.getByRole('button', { name: /Add Section/ }).click()
    await form.getByLabel('Section 2 name').fill('Decking')
    await form
      .getByRole('button', { name: /Add Line Item/ })
      .nth(1)
      .click()
    await form.getByLabel('Item 1 name').nth(1).fill('Composite boards')
    await form.getByLabel('Item 1 quantity').nth(1).fill('300')
    await form.getByLabel('Item 1 unit cost').nth(1).fill('7.25')
    await visible(form.getByText('$2,619.00'))
    await shot(page, 'template-form', { fullPage: false })
    await form.getByRole('button', { name: 'Create Template' }).click()
    await visible(toast(page, 'Template created'))
    await hidden(form)

    const own = page.getByRole('region', { name: /Your Organization Templates/ })
    const card = await visible(own.getByTestId('template-card').filter({ hasText: name }))
    await visible(card.getByText('Framing'))
    await visible(card.getByText('Decking'))
    const saved = (await apiOk<Tpl[]>(page, 'GET', `${org}/templates`)).find((t) => t.name === name)!
    expect(saved.category).toBe('landscaping')
    expect(saved.sections.map((s) => s.name)).toEqual(['Framing', 'Decking'])
    expect(Number(saved.sections[1]!.lineItems[0]!.cost)).toBe(7.25)
  })

  it('edits, previews and deletes it, asking before the delete', async () => {
    const { page } = session
    const org = await orgPath(page)
    let saved = (await apiOk<Tpl[]>(page, 'GET', `${org}/templates`)).find((t) => t.name === name)!
    const own = page.getByRole('region', { name: /Your Organization Templates/ })
    const card = await visible(own.getByTestId('template-card').filter({ hasText: name }))

    // Edit: rename and drop the second section.
    await card.getByRole('button', { name: `Edit ${name}` }).click()
    const edit = await visible(page.getByRole('dialog', { name: 'Edit Template' }))
    expect(await edit.getByLabel('Template Name').inputValue()).toBe(name)
    await edit.getByLabel('Template Name').fill(`${name} v2`)
    await edit.getByRole('button', { name: 'Remove section 2' }).click()
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await visible(toast(page, 'Template updated'))
    saved = (await apiOk<Tpl[]>(page, 'GET', `${org}/templates`)).find((t) => t.id === saved.id)!
    expect(saved.name).toBe(`${name} v2`)
    expect(saved.sections.map((s) => s.name)).toEqual(['Framing'])

    // Preview.
    const card2 = await visible(own.getByTestId('template-card').filter({ hasText: `${name} v2` }))
    await card2.getByRole('button', { name: `Preview ${name} v2` }).click()
    const preview = await visible(page.getByRole('dialog', { name: `${name} v2` }))
    await visible(preview.getByText('Pressure-treated joists'))
    await shot(page, 'template-preview', { fullPage: false })
    await preview.getByRole('button', { name: 'Close' }).first().click()
    await hidden(preview)

    // Delete asks first; Cancel keeps it, Delete removes it.
    await card2.getByRole('button', { name: `Delete ${name} v2` }).click()
    const confirm = await visible(page.getByRole('alertdialog', { name: 'Delete template?' }))
    await shot(page, 'template-delete-confirm', { fullPage: false })
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await hidden(confirm)
    await visible(card2)
    await card2.getByRole('button', { name: `Delete ${name} v2` }).click()
    await page.getByRole('alertdialog', { name: 'Delete template?' }).getByRole('button', { name: 'Delete' }).click()
    await visible(toast(page, 'Template deleted'))
    await hidden(own.getByTestId('template-card').filter({ hasText: `${name} v2` }))
    expect((await apiOk<Tpl[]>(page, 'GET', `${org}/templates`)).some((t) => t.id === saved.id)).toBe(false)
  })

  it('looks right on a phone and in dark mode', async () => {
    const phone = await signedIn(browser, { mobile: true })
    await phone.page.goto('/templates')
    await visible(phone.page.getByRole('heading', { name: /System Templates/ }))
    await shot(phone.page, 'templates-mobile')
    expect(await overflowingElements(phone.page)).toEqual([])
    await phone.context.close()
    const dark = await signedIn(browser, { colorScheme: 'dark' })
    await dark.page.goto('/templates')
    await visible(dark.page.getByRole('heading', { name: /System Templates/ }))
    await shot(dark.page, 'templates-dark')
    await dark.context.close()
  }, 60_000)
})
