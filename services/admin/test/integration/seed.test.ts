import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_COMPANY_SETTINGS, DEMO_ORGANIZATION_ID } from '../../src/seed/demo-company.js'
import { seedDemoCompany } from '../../src/usecases/seed-demo-company.js'
import { type AdminTestService, memberOf, startAdminTestService } from '../support/admin-test-service.js'

let svc: AdminTestService
beforeAll(async () => {
  svc = await startAdminTestService({ env: { SEED_DEMO: 'true' } })
})
afterAll(async () => {
  await svc?.close()
})

describe('demo company settings (SEED_DEMO=true)', () => {
  it('are seeded at start for the demo organisation', async () => {
    const res = await svc.call('GET', `/organizations/${DEMO_ORGANIZATION_ID}/company-settings`, { headers: await memberOf(DEMO_ORGANIZATION_ID) })
    expect(res.json).toMatchObject({
      companyName: 'Demo Construction Co.',
      contractorLicense: DEMO_COMPANY_SETTINGS.contractorLicense,
      companyEmail: DEMO_COMPANY_SETTINGS.companyEmail,
      companyPhone: DEMO_COMPANY_SETTINGS.companyPhone,
      companyAddress: DEMO_COMPANY_SETTINGS.companyAddress,
      website: DEMO_COMPANY_SETTINGS.website,
      enableLineItems: true,
      enableMarkupProfiles: true,
      enableSections: true,
      enableCostByType: false,
      autoGenerateAI: true,
      varianceRangePercentage: '15.00',
    })
  })

  it('seeding again (also concurrently) neither duplicates nor overwrites edits', async () => {
    const headers = await memberOf(DEMO_ORGANIZATION_ID)
    await svc.call('PUT', `/organizations/${DEMO_ORGANIZATION_ID}/company-settings`, { body: { companyName: 'Renamed Co.', enableLineItems: false }, headers })
    await Promise.all([seedDemoCompany(svc.deps), seedDemoCompany(svc.deps)])
    expect(await svc.deps.prisma.companySettings.count({ where: { organizationId: DEMO_ORGANIZATION_ID } })).toBe(1)
    const res = await svc.call('GET', `/organizations/${DEMO_ORGANIZATION_ID}/company-settings`, { headers })
    expect(res.json).toMatchObject({ companyName: 'Renamed Co.', enableLineItems: false, enableMarkupProfiles: true })
  })
})
