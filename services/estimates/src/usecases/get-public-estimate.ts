import { type PublicEstimate, Subjects } from '@plumbline/contracts'
import type { RequestContext } from '@plumbline/service-kit'
import { fetchCompanySettings } from '@plumbline/service-kit'
import { inTransaction } from '../data/db.js'
import { markFirstViewed, markSharedViewed } from '../data/estimates-repo.js'
import { addTimelineEntry } from '../data/timeline-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { recordEstimateEvent } from '../events/record-event.js'
import { buildPublicEstimate, currentApproval } from './build-public-estimate.js'
import { findPublicShare, type PublicEstimateRow } from './find-public-share.js'
import { snapshotHash } from './public-snapshot.js'
import { isOrganizationMember } from './public-viewer.js'
import { assertShareOpen } from './share-governance.js'
import { trackClientView } from './track-client-view.js'

/**
 * Records the client's first open: viewedAt once, shared → viewed, estimates.estimate.viewed.v1.
 * The conditional updates make concurrent first opens record it exactly once. A view is not an
 * edit, so updatedAt stays as it was.
 */
async function recordFirstView(deps: EstimatesDeps, estimate: PublicEstimateRow): Promise<boolean> {
  return inTransaction(deps, async (tx) => {
    if (!(await markFirstViewed(tx, estimate.organizationId, estimate.id, estimate.updatedAt))) return false
    const flipped = await markSharedViewed(tx, estimate.organizationId, estimate.id, estimate.updatedAt)
    await addTimelineEntry(tx, estimate.organizationId, estimate.id, { kind: 'viewed', actorId: null, actorEmail: null, summary: 'First viewed by the client' })
    await recordEstimateEvent(tx, Subjects.estimateViewed, estimate.organizationId, null, {
      estimateId: estimate.id,
      projectName: estimate.projectName,
      clientName: estimate.clientName,
      status: flipped ? 'viewed' : estimate.status,
    })
    return true
  })
}

/**
 * GET /public/estimates/{token}: the client's read-only view, with the hash a decision would
 * record (once the link is open to them), and what changed since this link last showed it. The
 * team's own preview records nothing: no first view, no revision, no "seen".
 */
export async function getPublicEstimate(deps: EstimatesDeps, token: string, viewer: RequestContext | undefined, passcode?: string): Promise<PublicEstimate> {
  let share = await findPublicShare(deps, deps.prisma, token)
  // Expired (410) or behind a passcode (401): nothing of the estimate, not even a first view.
  await assertShareOpen(deps, share, passcode)
  const preview = await isOrganizationMember(deps, viewer, share.organizationId)
  if (!share.estimate.viewedAt && !preview) {
    if (await recordFirstView(deps, share.estimate)) share = await findPublicShare(deps, deps.prisma, token)
  }
  const settings = await fetchCompanySettings(deps, share.organizationId)
  const snapshot = await buildPublicEstimate(deps.prisma, share.estimate, settings)
  const sinceLastView = preview ? null : await trackClientView(deps, share, snapshot)
  return { ...snapshot, approval: await currentApproval(deps.prisma, share.estimate), snapshotSha256: snapshotHash(snapshot), sinceLastView }
}
