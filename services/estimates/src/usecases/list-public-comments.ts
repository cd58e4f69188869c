import type { PublicComment } from '@plumbline/contracts'
import type { EstimatesDeps } from '../deps.js'
import { publicCommentOf, readThread } from './comment-views.js'
import { findPublicShare } from './find-public-share.js'
import { assertShareOpen } from './share-governance.js'

/** GET /public/estimates/{token}/comments: the thread as the client sees it, once the link is open to them (404, 410, 401 as the page). */
export async function listPublicComments(deps: EstimatesDeps, token: string, passcode: string | undefined): Promise<PublicComment[]> {
  const share = await findPublicShare(deps, deps.prisma, token)
  await assertShareOpen(deps, share, passcode)
  const rows = await readThread(deps.prisma, share.organizationId, share.estimateId)
  return rows.map(publicCommentOf)
}
