import { Logo } from '@plumbline/ui/light'

/** The company-settings fields that say where the logo is (spec 000 §3, §7). */
export type CompanyLogoSource = { logoUrl?: string | null; logoFileData?: boolean | null; logoFileSize?: number | null }

/**
 * Spec 000 §7: an uploaded file (logoFileData) is served at …/company-settings/logo/view, else the
 * logo URL. The file size is added so a newly uploaded logo is not served from the browser cache.
 */
export function companyLogoSrc(orgId: string | null | undefined, settings: CompanyLogoSource | null | undefined): string | null {
  if (!settings) return null
  if (settings.logoFileData && orgId) {
    const v = settings.logoFileSize ? `?v=${settings.logoFileSize}` : ''
    return `/api/organizations/${encodeURIComponent(orgId)}/company-settings/logo/view${v}`
  }
  return settings.logoUrl?.trim() || null
}

/**
 * The contractor's logo wherever it appears (estimate header, public page). Either a ready `src`
 * or the organisation and its settings. Display rules are Logo's: a pulse placeholder while the
 * settings or the image load, a placeholder icon when there is no image or it fails to load;
 * up to 200×100 (100×40 compact), the placeholder at least 80×40.
 */
export function CompanyLogo({
  src,
  orgId,
  settings,
  companyName,
  compact = false,
  isLoading = false,
  className,
}: {
  src?: string | null
  orgId?: string | null
  settings?: CompanyLogoSource | null
  companyName?: string | null
  compact?: boolean
  isLoading?: boolean
  className?: string
}) {
  const resolved = src !== undefined ? src : companyLogoSrc(orgId, settings)
  return <Logo src={resolved} alt={companyName ? `${companyName} logo` : 'Company logo'} compact={compact} isLoading={isLoading} className={className} />
}
