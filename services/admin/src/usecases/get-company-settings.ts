import type { CompanySettings } from '@plumbline/contracts'
import { findCompanySettings } from '../data/company-settings-repo.js'
import type { Db } from '../data/db.js'
import { toCompanySettings } from '../domain/company-settings.js'

/** Every field, with the defaults when the organisation never saved its settings. */
export async function getCompanySettings(db: Db, orgId: string): Promise<CompanySettings> {
  return toCompanySettings(await findCompanySettings(db, orgId))
}
