import { launchBrowser, MOBILE } from '@plumbline/testing'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, apiOk, overflowingElements, runTag, shot, signedIn, visible } from './settings-helpers'

// Spec 001 §2 Settings: build a phase group with phases, link it to a new project type, create
// an estimate of that type and see the group's phases on the estimate. The demo organisation is
// shared with other journeys, so everything made here is deleted at the end.

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function orgBase(page: Page) {
  const user = await apiOk<{ organizations: { id: string }[] }>(page, 'GET', '/api/user')
  return `/api/organizations/${user.organizations[0]!.id}`
}

async function addPhase(page: Page, groupName: string, name: string, percentage: string, codes = '') {
  const card = page.getByRole('region', { name: `Phase group ${groupName}` })
  await card.getByLabel('Phase Name').fill(name)
  await card.getByLabel('Percentage').fill(percentage)
  if (codes) await card.getByLabel('Cost Codes').fill(codes)
  await card.getByRole('button', { name: 'Add Phase' }).click()
  await visible(card.getByRole('listitem', { name: `Phase ${name}` }))
}

describe('settings: phase groups and project types', () => {
  it('a new project type linked to a new phase group gives a new estimate its phases', async () => {
    const { context, page } = await signedIn(browser)
    const base = await orgBase(page)
    const tag = runTag('')
    const groupName = `Solar install ${tag}`
    const typeName = `Solar ${tag}`
    let estimateId: string | undefined
    try {
      // Phase Groups: a group with two phases; the status follows the budget card's rule.
      await page.goto('/settings?tab=phase-groups')
      await page.getByLabel('Phase Group Name').first().fill(groupName)
      await page.getByRole('button', { name: 'Create Phase Group' }).click()
      const group = await visible(page.getByRole('region', { name: `Phase group ${groupName}` }))
      await addPhase(page, groupName, 'Mounting', '40', '06-100, 06-200')
      expect(await group.getByRole('status').textContent()).toBe('60.00% unallocated (40.00% allocated)')
      await addPhase(page, groupName, 'Electrical', '60')
      await visible(group.getByText('Balanced: 100.00% allocated'))
      await group.scrollIntoViewIfNeeded()
      await shot(page, 'phase-groups-desktop')

      // Project Types: a new type with an icon, linked to the group (its first link is the default).
      await page.getByRole('tab', { name: 'Project Types' }).click()
      await page.getByLabel('Project Type Name').first().fill(typeName)
      await page.getByRole('radio', { name: 'layers' }).first().click()
      await page.getByRole('button', { name: 'Create Project Type' }).click()
      const card = await visible(page.getByRole('region', { name: `Project type ${typeName}` }))
      await card.getByRole('button', { name: `Link phase groups to ${typeName}` }).click()
      const dialog = await visible(page.getByRole('dialog', { name: `Phase Groups for ${typeName}` }))
      const row = dialog.getByRole('listitem', { name: `Group ${groupName}` })
      await row.getByRole('button', { name: 'Link' }).click()
      await visible(row.getByText('Default'))
      await page.keyboard.press('Escape')
      await visible(card.getByRole('list', { name: 'Linked phase groups' }).getByText(groupName))
      // A system type cannot be edited.
      await page.getByRole('region', { name: 'Project type Roofing' }).getByRole('button', { name: 'Edit Roofing' }).click()
      await visible(page.getByText('System default project types cannot be edited. They are built-in templates provided by the system.'))
      await card.scrollIntoViewIfNeeded()
      await shot(page, 'project-types-desktop')

      // The create dialog lists the new type beside the system ones; the estimate gets the group's phases.
      await page.goto('/cost-estimator?new=1')
      const dlg = await visible(page.getByRole('dialog', { name: 'Create New Estimate' }))
      await visible(dlg.getByRole('radio', { name: /Roofing/ }))
      await dlg.getByRole('radio', { name: new RegExp(typeName) }).click()
      await dlg.getByLabel('Property Address').fill('512 Oak Street, Sacramento, CA 95818')
      await dlg.getByLabel('Client Name').fill(`Ana ${tag}`)
      await dlg.getByLabel('Client Email').fill('ana@example.com')
      await dlg.getByLabel('Project Name').fill(`Solar roof ${tag}`)
      await dlg.getByLabel('Total Project Cost ($)').fill('20000')
      await dlg.getByRole('button', { name: 'Create Estimate' }).click()
      await page.waitForURL((u) => /^\/estimates\/[^/]+$/.test(u.pathname), { timeout: 30_000 })
      estimateId = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]!)
      const breakdown = await visible(page.locator('section', { has: page.getByRole('heading', { name: 'Cost Breakdown by Phase' }) }))
      await visible(breakdown.getByText('Mounting'))
      await visible(breakdown.getByText('Electrical'))
      const phases = await apiOk<{ name: string; percentage: string; amount: string }[]>(page, 'GET', `${base}/estimates/${estimateId}/phases`)
      expect(phases.map((p) => [p.name, p.percentage, p.amount])).toEqual([
        ['Mounting', '40.00', '8000.00'],
        ['Electrical', '60.00', '12000.00'],
      ])
      await breakdown.scrollIntoViewIfNeeded()
      await shot(page, 'custom-type-estimate-phases', { fullPage: false })

      // Both tabs on a phone: nothing sticks out sideways.
      const phone = await signedIn(browser, { mobile: true })
      try {
        expect(phone.page.viewportSize()?.width).toBe(MOBILE.width)
        await phone.page.goto('/settings?tab=phase-groups')
        const phoneGroup = await visible(phone.page.getByRole('region', { name: `Phase group ${groupName}` }))
        expect(await overflowingElements(phone.page)).toEqual([])
        await phoneGroup.scrollIntoViewIfNeeded()
        await shot(phone.page, 'phase-groups-mobile', { fullPage: false })
        await phone.page.goto('/settings?tab=project-types')
        const phoneType = await visible(phone.page.getByRole('region', { name: `Project type ${typeName}` }))
        expect(await overflowingElements(phone.page)).toEqual([])
        await phoneType.scrollIntoViewIfNeeded()
        await shot(phone.page, 'project-types-mobile', { fullPage: false })
      } finally {
        await phone.context.close()
      }
    } finally {
      if (estimateId) await api(page, 'DELETE', `${base}/estimates/${estimateId}`)
      const types = await apiOk<{ id: string; name: string }[]>(page, 'GET', `${base}/project-types`)
      for (const t of types.filter((x) => x.name === typeName)) await api(page, 'DELETE', `${base}/project-types/${t.id}`)
      const groups = await apiOk<{ id: string; name: string }[]>(page, 'GET', `${base}/phase-groups`)
      for (const g of groups.filter((x) => x.name === groupName)) await api(page, 'DELETE', `${base}/phase-groups/${g.id}`)
      await context.close()
    }
  }, 150_000)
})
