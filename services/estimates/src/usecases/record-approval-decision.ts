import { ErrorCode, PUBLIC_ESTIMATE_MESSAGES, type PublicEstimate, Subjects } from '@plumbline/contracts'
import { AppError, fetchCompanySettings } from '@plumbline/service-kit'
import type { EstimatesDeps } from '../deps.js'
import { recordEstimateEvent } from '../events/record-event.js'
import { buildPublicEstimate, type PublicSnapshot } from './build-public-estimate.js'
import { findPublicShare, publicLinkNotFound } from './find-public-share.js'
import { hashClientIp, snapshotHash } from './public-snapshot.js'

export type ClientDecision = {
  decision: 'approved' | 'rejected'
  signerName: string | null
  reason: string | null
  consent: boolean
  /** The payload hash the client reviewed, when the page sent it. */
  expectedSha256?: string
}
export type ClientInfo = { ip: string | undefined; userAgent: string | undefined }

const conflict = (message: string) => new AppError(409, ErrorCode.CONFLICT, message)

/**
 * A client's decision on the public page. Under the estimate's row lock: refuse a second decision
 * (409), rebuild exactly the payload the client is deciding on, refuse if it is not the one they
 * reviewed, then store the immutable approval row (snapshot, its sha256, time, hashed IP, user
 * agent), move the status, lock the estimate when approved, and record the event, all in one
 * transaction.
 */
export async function recordApprovalDecision(deps: EstimatesDeps, token: string, input: ClientDecision, client: ClientInfo): Promise<PublicEstimate> {
  const share = await findPublicShare(deps, deps.prisma, token)
  const orgId = share.organizationId
  // Asked before the transaction so no row lock is held while another service answers.
  const settings = await fetchCompanySettings(deps, orgId)
  return deps.prisma.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ status: string }[]>`
      SELECT status FROM estimates WHERE id = ${share.estimateId}::uuid AND organization_id = ${orgId} AND deleted_at IS NULL FOR UPDATE`
    // The link may have been regenerated or disabled while we waited for the lock.
    const live = await tx.shareLink.count({ where: { id: share.id, tokenHash: share.tokenHash, revokedAt: null } })
    if (!locked.length || !live) throw publicLinkNotFound()
    if (locked[0].status === 'approved') throw conflict(PUBLIC_ESTIMATE_MESSAGES.alreadyApproved)
    if (locked[0].status === 'rejected') throw conflict(PUBLIC_ESTIMATE_MESSAGES.alreadyDeclined)

    const estimate = await tx.estimate.findFirstOrThrow({
      where: { id: share.estimateId, organizationId: orgId },
      include: { projectType: { select: { name: true } } },
    })
    const snapshot: PublicSnapshot = await buildPublicEstimate(tx, estimate, settings)
    const sha256 = snapshotHash(snapshot)
    if (input.expectedSha256 && input.expectedSha256 !== sha256) throw conflict(PUBLIC_ESTIMATE_MESSAGES.changed)

    const decidedAt = new Date()
    await tx.estimateApproval.create({
      data: {
        estimateId: estimate.id,
        organizationId: orgId,
        decision: input.decision,
        signerName: input.signerName,
        reason: input.reason,
        consent: input.consent,
        snapshot,
        snapshotSha256: sha256,
        ipHash: hashClientIp(deps.env.SHARE_TOKEN_KEY, client.ip),
        userAgent: client.userAgent?.slice(0, 500) ?? null,
        decidedAt,
      },
    })
    await tx.estimate.update({
      where: { id: estimate.id },
      data: { status: input.decision, ...(input.decision === 'approved' ? { lockedAt: decidedAt } : {}) },
    })
    await recordEstimateEvent(tx, input.decision === 'approved' ? Subjects.estimateApproved : Subjects.estimateRejected, orgId, null, {
      estimateId: estimate.id,
      projectName: estimate.projectName,
      clientName: estimate.clientName,
      status: input.decision,
    })
    return {
      ...snapshot,
      status: input.decision,
      approval: { decision: input.decision, signerName: input.signerName, reason: input.reason, decidedAt: decidedAt.toISOString(), snapshotSha256: sha256 },
      snapshotSha256: sha256,
    }
  })
}
