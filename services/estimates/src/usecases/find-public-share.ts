import { ErrorCode, PUBLIC_ESTIMATE_MESSAGES } from '@plumbline/contracts'
import { AppError } from '@plumbline/service-kit'
import type { Db } from '../data/db.js'
import { findLiveShareByTokenHash } from '../data/share-links-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { looksLikeShareToken } from '../domain/share-token-crypto.js'

export const publicLinkNotFound = () => new AppError(404, ErrorCode.NOT_FOUND, PUBLIC_ESTIMATE_MESSAGES.notFound)

/**
 * The live share link a token opens, with its (not deleted) estimate. Unknown, malformed,
 * regenerated-away and disabled tokens all answer the same 404, so nothing can be learnt by probing.
 */
export async function findPublicShare(deps: Pick<EstimatesDeps, 'shareTokens'>, db: Db, token: string) {
  if (!looksLikeShareToken(token)) throw publicLinkNotFound()
  const link = await findLiveShareByTokenHash(db, deps.shareTokens.hash(token))
  if (!link || link.estimate.organizationId !== link.organizationId) throw publicLinkNotFound()
  return link
}

export type PublicShare = Awaited<ReturnType<typeof findPublicShare>>
export type PublicEstimateRow = PublicShare['estimate']
