import type { OrgContext } from '@plumbline/service-kit'
import { deleteFilesOfKind } from '../data/files-repo.js'
import type { DocumentsDeps } from '../deps.js'
import { setCompanyLogo } from '../events/set-company-logo.js'

/** Clears the uploaded logo: admin forgets its fields first, then the files go. */
export async function deleteLogo(deps: DocumentsDeps, ctx: OrgContext): Promise<void> {
  await setCompanyLogo(deps, ctx.orgId, null, 'Failed to remove logo')
  await deleteFilesOfKind(deps.prisma, deps.storage, ctx.orgId, 'logo')
}
