import type { CompanySettings, SetCompanyLogoRequest } from '@plumbline/contracts'
import { saveCompanySettings } from '../data/company-settings-repo.js'
import type { Db } from '../data/db.js'
import { toCompanySettings } from '../domain/company-settings.js'

/**
 * The documents service stored (or removed) the organisation's uploaded logo. An upload replaces
 * a logo URL (the two sources are exclusive, like a URL replaces an upload in settingsChanges).
 */
export async function setCompanyLogo(db: Db, { orgId, logo }: SetCompanyLogoRequest): Promise<CompanySettings> {
  const changes = logo
    ? { logoUrl: null, logoFileName: logo.fileName, logoMimeType: logo.mimeType, logoFileSize: logo.size, logoStoredFileId: logo.fileId ?? 'documents' }
    : { logoFileName: null, logoMimeType: null, logoFileSize: null, logoStoredFileId: null }
  return toCompanySettings(await saveCompanySettings(db, orgId, changes))
}
