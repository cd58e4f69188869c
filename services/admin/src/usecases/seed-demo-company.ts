import { insertCompanySettingsIfMissing } from '../data/company-settings-repo.js'
import type { AdminDeps } from '../deps.js'
import { DEMO_COMPANY_SETTINGS, DEMO_ORGANIZATION_ID } from '../seed/demo-company.js'

/** Idempotent: the demo organisation's settings are created once and never overwritten. */
export async function seedDemoCompany(deps: Pick<AdminDeps, 'prisma'>): Promise<void> {
  await insertCompanySettingsIfMissing(deps.prisma, DEMO_ORGANIZATION_ID, { ...DEMO_COMPANY_SETTINGS })
}
