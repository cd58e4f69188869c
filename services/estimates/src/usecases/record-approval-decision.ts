import { ErrorCode, PUBLIC_ESTIMATE_MESSAGES, type PublicEstimate, Subjects } from '@plumbline/contracts'
import { AppError, fetchCompanySettings } from '@plumbline/service-kit'
import { insertApproval } from '../data/approvals-repo.js'
import { inTransaction } from '../data/db.js'
import { readEstimateForPublic, selectEstimateForUpdate, updateEstimateRow } from '../data/estimates-repo.js'
import { isShareLinkLive } from '../data/share-links-repo.js'
import { addTimelineEntry } from '../data/timeline-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { recordEstimateEvent } from '../events/record-event.js'
import { buildPublicEstimate, type PublicSnapshot } from './build-public-estimate.js'
import { findPublicShare, publicLinkNotFound } from './find-public-share.js'
import { hashClientIp, snapshotHash } from './public-snapshot.js'
import { assertShareOpen } from './share-governance.js'
import { mailSignedCopyToClient } from './signed-copy-mail.js'

export type ClientDecision = {
  decision: 'approved' | 'rejected'
  signerName: string | null
  /** Approvals: the signer's e-mail if given, and the drawn signature (else the typed name signs). */
  signerEmail?: string | null
  signaturePng?: Buffer | null
  reason: string | null
  consent: boolean
  /** The payload hash the client reviewed, when the page sent it. */
  expectedSha256?: string
}
export type ClientInfo = { ip: string | undefined; userAgent: string | undefined; passcode?: string }

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
  await assertShareOpen(deps, share, client.passcode)
  const orgId = share.organizationId
  // Asked before the transaction so no row lock is held while another service answers.
  const settings = await fetchCompanySettings(deps, orgId)
  return inTransaction(deps, async (tx) => {
    const locked = await selectEstimateForUpdate(tx, orgId, share.estimateId)
    // The link may have been regenerated or disabled while we waited for the lock.
    const live = await isShareLinkLive(tx, share)
    if (!locked || !live) throw publicLinkNotFound()
    if (locked.status === 'approved') throw conflict(PUBLIC_ESTIMATE_MESSAGES.alreadyApproved)
    if (locked.status === 'rejected') throw conflict(PUBLIC_ESTIMATE_MESSAGES.alreadyDeclined)

    const estimate = await readEstimateForPublic(tx, orgId, share.estimateId)
    const snapshot: PublicSnapshot = await buildPublicEstimate(tx, estimate, settings)
    const sha256 = snapshotHash(snapshot)
    if (input.expectedSha256 && input.expectedSha256 !== sha256) throw conflict(PUBLIC_ESTIMATE_MESSAGES.changed)

    const decidedAt = new Date()
    await insertApproval(tx, orgId, {
      estimateId: estimate.id,
      decision: input.decision,
      signerName: input.signerName,
      reason: input.reason,
      consent: input.consent,
      snapshot,
      snapshotSha256: sha256,
      ipHash: hashClientIp(deps.env.SHARE_TOKEN_KEY, client.ip),
      ip: client.ip?.slice(0, 100) ?? null,
      userAgent: client.userAgent?.slice(0, 500) ?? null,
      signerEmail: input.signerEmail ?? null,
      signatureKind: input.decision === 'approved' ? (input.signaturePng ? 'drawn' : 'typed') : null,
      signaturePng: input.signaturePng ? new Uint8Array(input.signaturePng) : null,
      decidedAt,
    })
    await updateEstimateRow(tx, orgId, estimate.id, { status: input.decision, ...(input.decision === 'approved' ? { lockedAt: decidedAt } : {}) })
    await addTimelineEntry(tx, orgId, estimate.id, {
      kind: input.decision === 'approved' ? 'approved' : 'declined',
      actorId: null,
      actorEmail: null,
      summary: input.decision === 'approved' ? `Approved by ${input.signerName ?? 'the client'}` : 'Declined by the client',
      details: { snapshotSha256: sha256, ...(input.reason ? { reason: input.reason } : {}) },
      createdAt: decidedAt,
    })
    await recordEstimateEvent(tx, input.decision === 'approved' ? Subjects.estimateApproved : Subjects.estimateRejected, orgId, null, {
      estimateId: estimate.id,
      projectName: estimate.projectName,
      clientName: estimate.clientName,
      status: input.decision,
    })
    if (input.decision === 'approved') await mailSignedCopyToClient(deps, tx, orgId, estimate, settings, input.signerEmail ?? null, sha256)
    return {
      ...snapshot,
      status: input.decision,
      approval: { decision: input.decision, signerName: input.signerName, reason: input.reason, decidedAt: decidedAt.toISOString(), snapshotSha256: sha256 },
      snapshotSha256: sha256,
    }
  })
}
