import { DocumentErrorCode } from '@plumbline/contracts'
import type { OrgContext } from '@plumbline/service-kit'
import { AppError } from '@plumbline/service-kit'
import { deleteFile, deleteFilesOfKind, saveFile } from '../data/files-repo.js'
import type { DocumentsDeps } from '../deps.js'
import { setCompanyLogo } from '../events/set-company-logo.js'
import { InvalidImage, normalizeLogo } from '../images/normalize-logo.js'

export const UPLOAD_FAILED = 'Failed to upload logo'

/** The stored name: the uploaded name's stem (safe characters only) with the real type's extension. */
export function logoFileName(original: string, extension: string): string {
  const base = original.split(/[\\/]/).pop() ?? ''
  const stem = base
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\w-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80)
  return `${stem || 'logo'}.${extension}`
}

/**
 * Validates (magic bytes, dimensions), re-encodes and stores an uploaded logo, then has admin
 * record its fields. Only after admin accepted are older logos removed; if admin refuses, the
 * new file is removed instead, so the two services never disagree for long.
 */
export async function uploadLogo(deps: DocumentsDeps, ctx: OrgContext, upload: { bytes: Buffer; fileName: string }) {
  let logo: Awaited<ReturnType<typeof normalizeLogo>>
  try {
    logo = await normalizeLogo(upload.bytes)
  } catch (err) {
    if (err instanceof InvalidImage) throw new AppError(400, DocumentErrorCode.INVALID_LOGO, err.message, [{ field: 'logo', message: err.message }])
    throw err
  }
  const file = await saveFile(deps.prisma, deps.storage, {
    orgId: ctx.orgId,
    kind: 'logo',
    name: logoFileName(upload.fileName, logo.extension),
    mimeType: logo.mimeType,
    bytes: logo.bytes,
  })
  try {
    await setCompanyLogo(deps, ctx.orgId, { fileName: file.name, mimeType: file.mimeType, size: file.size }, UPLOAD_FAILED)
  } catch (err) {
    await deleteFile(deps.prisma, deps.storage, ctx.orgId, file.id).catch(() => {})
    throw err
  }
  await deleteFilesOfKind(deps.prisma, deps.storage, ctx.orgId, 'logo', file.id)
  return { logoFileName: file.name, logoMimeType: file.mimeType, logoFileSize: file.size }
}
