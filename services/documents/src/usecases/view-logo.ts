import { notFound } from '@plumbline/service-kit'
import { latestFile } from '../data/files-repo.js'
import type { DocumentsDeps } from '../deps.js'

/** The organisation's uploaded logo (bytes and facts); 404 when there is none. */
export async function viewLogo(deps: Pick<DocumentsDeps, 'prisma' | 'storage'>, orgId: string) {
  const file = await latestFile(deps.prisma, orgId, 'logo')
  const bytes = file ? await deps.storage.get(file.id) : null
  if (!file || !bytes) throw notFound('Logo')
  return { file, bytes }
}
