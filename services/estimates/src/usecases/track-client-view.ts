import type { ChangesSinceLastView } from '@plumbline/contracts'
import { inTransaction } from '../data/db.js'
import { selectEstimateForUpdate } from '../data/estimates-repo.js'
import { findLatestRevision, findRevision, markLinkSeen, readLinkSeen } from '../data/revisions-repo.js'
import { isShareLinkLive } from '../data/share-links-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { diffRevisions, type RevisionSnapshot } from '../domain/revision-diff.js'
import type { PublicSnapshot } from './build-public-estimate.js'
import type { PublicShare } from './find-public-share.js'
import { snapshotHash } from './public-snapshot.js'
import { freezeRevision, revisionSnapshotOf } from './revisions.js'

/**
 * The client opened the link and is shown `snapshot`. When the estimate changed since its latest
 * revision, what they are shown becomes a new revision ("client view"). The link remembers the
 * revision it showed last; when that is not the current one, the answer is what changed between
 * the two (null on the link's first view, and when nothing the client sees changed).
 *
 * Most views change nothing and write nothing (the latest revision and the link's are both
 * current); otherwise under the estimate's row lock, as a send freezes.
 */
export async function trackClientView(deps: EstimatesDeps, share: PublicShare, snapshot: PublicSnapshot): Promise<ChangesSinceLastView | null> {
  const orgId = share.organizationId
  const estimateId = share.estimateId
  const content = revisionSnapshotOf(snapshot)
  const latest = await findLatestRevision(deps.prisma, orgId, estimateId)
  if (latest && latest.id === share.seenRevisionId && latest.contentSha256 === snapshotHash(content)) return null
  return inTransaction(deps, async (tx) => {
    // The link may have been regenerated or disabled, or the estimate deleted, meanwhile.
    if (!(await selectEstimateForUpdate(tx, orgId, estimateId)) || !(await isShareLinkLive(tx, share))) return null
    const now = deps.clock.now()
    const current = await freezeRevision(tx, orgId, estimateId, content, { reason: 'viewed', actorId: null, actorEmail: null, at: now })
    const seen = await readLinkSeen(tx, share.id)
    if (seen?.seenRevisionId === current.id) return null
    await markLinkSeen(tx, share.id, current.id, now)
    if (!seen?.seenRevisionId || !seen.seenAt) return null
    const previous = await findRevision(tx, orgId, estimateId, seen.seenRevisionId)
    if (!previous) return null
    const diff = diffRevisions(previous.snapshot as RevisionSnapshot, current.snapshot)
    return diff.changed ? { since: seen.seenAt.toISOString(), diff } : null
  })
}
