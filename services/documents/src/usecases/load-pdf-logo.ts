import type { CompanySettings } from '@plumbline/contracts'
import { latestFile } from '../data/files-repo.js'
import type { DocumentsDeps } from '../deps.js'
import { preparePdfLogo } from '../images/prepare-pdf-logo.js'

/**
 * The logo the PDF shows: the uploaded one while the settings say an upload is the logo, else
 * the cached copy of the logo URL (stored when admin saved that URL), else none. The URL itself
 * is never fetched while rendering: the fetch was vetted once, when the URL was saved.
 */
export async function loadPdfLogo(deps: Pick<DocumentsDeps, 'prisma' | 'storage'>, orgId: string, settings: CompanySettings): Promise<Buffer | null> {
  const file = settings.logoFileData
    ? await latestFile(deps.prisma, orgId, 'logo')
    : settings.logoUrl
      ? await latestFile(deps.prisma, orgId, 'logo_url', settings.logoUrl)
      : null
  const bytes = file ? await deps.storage.get(file.id) : null
  return bytes ? preparePdfLogo(bytes) : null
}
