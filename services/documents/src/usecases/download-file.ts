import { DocumentErrorCode, ErrorCode } from '@plumbline/contracts'
import { AppError, notFound } from '@plumbline/service-kit'
import { findFile } from '../data/files-repo.js'
import type { DocumentsDeps } from '../deps.js'
import { checkLink } from '../domain/link-signature.js'

export const LinkMessages = {
  expired: 'This download link has expired. Generate the PDF again.',
  invalid: 'This download link is not valid. Generate the PDF again.',
} as const

export type DownloadRequest = { fileId: string; organizationId: string; expires: number; signature: string }

/**
 * A signed download. The caller must belong to the link's organisation (else 404, as for any
 * other tenant's object); the signature must match (else 403) and be unexpired (else 410).
 */
export async function downloadFile(deps: Pick<DocumentsDeps, 'prisma' | 'storage' | 'env'>, identityOrgId: string | undefined, link: DownloadRequest) {
  if (!identityOrgId || identityOrgId !== link.organizationId) throw notFound('File')
  const check = checkLink(deps.env.DOCUMENT_LINK_SECRET, { fileId: link.fileId, orgId: link.organizationId, expires: link.expires }, link.signature)
  if (check === 'invalid') throw new AppError(403, ErrorCode.FORBIDDEN, LinkMessages.invalid)
  if (check === 'expired') throw new AppError(410, DocumentErrorCode.LINK_EXPIRED, LinkMessages.expired)
  const file = await findFile(deps.prisma, identityOrgId, link.fileId)
  const bytes = file ? await deps.storage.get(file.id) : null
  if (!file || !bytes) throw notFound('File')
  return { file, bytes }
}
