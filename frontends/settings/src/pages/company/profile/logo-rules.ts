import { LOGO_MAX_BYTES, LOGO_MIME_TYPES, LogoMessages } from '@plumbline/contracts'

// Spec 001 §5/§10: PNG or JPEG (image/png, image/jpeg, image/jpg), at most 10 MB. Checked in the
// browser so a person learns at once; the documents service checks the bytes again.

export type LogoProblem = { title: string; description: string }

const split = (message: string): LogoProblem => {
  const [title, ...rest] = message.split(' - ')
  return { title, description: rest.join(' - ') }
}

export const INVALID_TYPE = split(LogoMessages.invalidType)
export const TOO_LARGE = split(LogoMessages.tooLarge)

/** Why this file cannot be a logo, or null when it can. */
export function checkLogoFile(file: Pick<File, 'type' | 'size'>): LogoProblem | null {
  if (!(LOGO_MIME_TYPES as readonly string[]).includes(file.type)) return INVALID_TYPE
  if (file.size > LOGO_MAX_BYTES) return TOO_LARGE
  return null
}

export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return ''
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}
