import type { CompanySettings, CompanySettingsPatch } from '@plumbline/contracts'
import type { OrgContext } from '@plumbline/service-kit'
import { findCompanySettings, saveCompanySettings } from '../data/company-settings-repo.js'
import type { AdminDeps } from '../deps.js'
import { settingsChanges, toCompanySettings } from '../domain/company-settings.js'
import { checkLogoUrl } from './check-logo-url.js'

/**
 * Applies a partial update (fields not sent keep their values) and answers the whole settings.
 * A new logo URL is fetched safely by the documents service first; the same URL saved again is
 * not fetched again.
 */
export async function updateCompanySettings(
  deps: Pick<AdminDeps, 'prisma' | 'bus' | 'logger'>,
  ctx: OrgContext,
  patch: CompanySettingsPatch,
): Promise<CompanySettings> {
  if (patch.logoUrl) {
    const current = await findCompanySettings(deps.prisma, ctx.orgId)
    if (current?.logoUrl !== patch.logoUrl) await checkLogoUrl(deps, ctx.orgId, patch.logoUrl)
  }
  return toCompanySettings(await saveCompanySettings(deps.prisma, ctx.orgId, settingsChanges(patch, ctx.userId)))
}
