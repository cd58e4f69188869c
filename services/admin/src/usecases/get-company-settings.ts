import type { CompanySettings } from '@plumbline/contracts'
import type { OrgContext } from '@plumbline/service-kit'
import { findCompanySettings } from '../data/company-settings-repo.js'
import type { AdminDeps } from '../deps.js'
import { toCompanySettings } from '../domain/company-settings.js'

/** Every field, with the defaults when the organisation never saved its settings (asked by members and by other services). */
export async function getCompanySettings(deps: Pick<AdminDeps, 'prisma'>, ctx: Pick<OrgContext, 'orgId'>): Promise<CompanySettings> {
  return toCompanySettings(await findCompanySettings(deps.prisma, ctx.orgId))
}
