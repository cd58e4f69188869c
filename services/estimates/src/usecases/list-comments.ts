import type { EstimateComment } from '@plumbline/contracts'
import type { OrgContext } from '@plumbline/service-kit'
import { findLiveEstimate } from '../data/estimates-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { estimateCommentOf, readThread } from './comment-views.js'

/** GET …/estimates/{id}/comments: the change-request thread, oldest first (another organisation's estimate is 404). */
export async function listComments(deps: EstimatesDeps, ctx: OrgContext, estimateId: string): Promise<EstimateComment[]> {
  await findLiveEstimate(deps.prisma, ctx.orgId, estimateId)
  const rows = await readThread(deps.prisma, ctx.orgId, estimateId)
  return rows.map(estimateCommentOf)
}
