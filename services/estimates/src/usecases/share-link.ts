import { Subjects, type ZShareResponse } from '@plumbline/contracts'
import type { OrgContext } from '@plumbline/service-kit'
import type { z } from 'zod'
import type { Tx } from '../data/db.js'
import { type LockedEstimate, updateEstimateRow } from '../data/estimates-repo.js'
import { upsertShareLink } from '../data/share-links-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { recordEstimateEvent } from '../events/record-event.js'

// Helpers of the share use cases (spec 001 "Share dialog"): one link per estimate, stored as the
// token's sha256 (lookup) and its AES-GCM ciphertext (so the contractor can copy it again).

export type ShareResponse = z.infer<typeof ZShareResponse>

/** The public page's address: /share/{token} under the app's origin. */
export const shareUrlOf = (appUrl: string, token: string) => `${appUrl.replace(/\/+$/, '')}/share/${token}`

/** Sharing moves a draft or pending estimate to shared; later statuses stay as they are. */
export const statusAfterSharing = (status: string) => (status === 'draft' || status === 'pending' ? 'shared' : status)

/**
 * Issues a fresh token for the estimate, replacing any previous one (which stops working at
 * once: its hash is gone), and records estimates.estimate.shared.v1 in the same transaction.
 */
export async function issueShareToken(deps: EstimatesDeps, tx: Tx, actor: OrgContext, estimate: LockedEstimate): Promise<ShareResponse> {
  const token = deps.shareTokens.generate()
  const secret = { tokenHash: deps.shareTokens.hash(token), tokenCiphertext: deps.shareTokens.encrypt(token) }
  await upsertShareLink(tx, actor.orgId, estimate.id, actor.userId, secret)
  const status = statusAfterSharing(estimate.status)
  if (status !== estimate.status) await updateEstimateRow(tx, actor.orgId, estimate.id, { status })
  await recordEstimateEvent(tx, Subjects.estimateShared, actor.orgId, actor.userId, {
    estimateId: estimate.id,
    projectName: estimate.projectName,
    clientName: estimate.clientName,
    status,
  })
  return { shareToken: token, shareUrl: shareUrlOf(deps.env.APP_URL, token) }
}
