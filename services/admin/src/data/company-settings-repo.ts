import type { SettingsChanges } from '../domain/company-settings.js'
import type { Db } from './db.js'

export const findCompanySettings = (db: Db, orgId: string) => db.companySettings.findUnique({ where: { organizationId: orgId } })

/** Creates the row on the first save (columns not given take their defaults), else updates it. */
export const saveCompanySettings = (db: Db, orgId: string, changes: SettingsChanges) =>
  db.companySettings.upsert({ where: { organizationId: orgId }, create: { organizationId: orgId, ...changes }, update: changes })

/** Inserts only when the organisation has no settings yet; never overwrites someone's edits. */
export const insertCompanySettingsIfMissing = (db: Db, orgId: string, values: SettingsChanges) =>
  db.companySettings.createMany({ data: [{ organizationId: orgId, ...values }], skipDuplicates: true })
