import type { CompanySettings, CompanySettingsPatch } from '@plumbline/contracts'
import { saveCompanySettings } from '../data/company-settings-repo.js'
import type { Db } from '../deps.js'
import { settingsChanges, toCompanySettings } from '../domain/company-settings.js'

export type UpdateCompanySettingsCtx = { orgId: string; userId: string }

/** Applies a partial update (fields not sent keep their values) and answers the whole settings. */
export async function updateCompanySettings(db: Db, ctx: UpdateCompanySettingsCtx, patch: CompanySettingsPatch): Promise<CompanySettings> {
  return toCompanySettings(await saveCompanySettings(db, ctx.orgId, settingsChanges(patch, ctx.userId)))
}
