import type { CompanySettings } from '@plumbline/contracts'
import * as api from '@plumbline/contracts/api-paths'
import { apiPath } from '@plumbline/web'

/**
 * Spec 000 §3: the uploaded file when there is one (served by the documents service), else the
 * URL. The version tag makes the browser fetch a replaced upload instead of its cached copy.
 */
export function logoSource(orgId: string | null, settings: Partial<CompanySettings>, version = 0): string | null {
  if (settings.logoFileData && orgId) {
    const tag = [settings.logoFileName, settings.logoFileSize, version].filter((v) => v !== null && v !== undefined).join('-')
    // The tag is encoded as it always was (not as a form value) so the cached image URL stays the same.
    return `${apiPath(api.getCompanySettingsLogoView, { orgId })}?v=${encodeURIComponent(tag)}`
  }
  return settings.logoUrl?.trim() ? settings.logoUrl : null
}
