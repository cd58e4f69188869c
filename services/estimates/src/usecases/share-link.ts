import { Subjects, type ZShareResponse } from '@plumbline/contracts'
import { isUuid, notFound, type OrgContext } from '@plumbline/service-kit'
import type { z } from 'zod'
import type { Tx } from '../data/db.js'
import type { EstimatesDeps } from '../deps.js'
import { recordEstimateEvent } from '../events/record-event.js'

// Helpers of the share use cases (spec 001 "Share dialog"): one link per estimate, stored as the
// token's sha256 (lookup) and its AES-GCM ciphertext (so the contractor can copy it again).

export type ShareResponse = z.infer<typeof ZShareResponse>
export type LockedEstimate = { id: string; status: string; projectName: string; clientName: string }

/** The public page's address: /share/{token} under the app's origin. */
export const shareUrlOf = (appUrl: string, token: string) => `${appUrl.replace(/\/+$/, '')}/share/${token}`

/**
 * Takes the estimate's row lock for the rest of the transaction, so concurrent share changes
 * (and a client's decision) run one after another. 404 unless a live estimate of the org.
 */
export async function lockEstimateRow(tx: Tx, orgId: string, estimateId: string): Promise<LockedEstimate> {
  if (!isUuid(estimateId)) throw notFound('Estimate')
  const rows = await tx.$queryRaw<{ id: string; status: string; project_name: string; client_name: string }[]>`
    SELECT id, status, project_name, client_name FROM estimates
    WHERE id = ${estimateId}::uuid AND organization_id = ${orgId} AND deleted_at IS NULL
    FOR UPDATE`
  const row = rows[0]
  if (!row) throw notFound('Estimate')
  return { id: row.id, status: row.status, projectName: row.project_name, clientName: row.client_name }
}

/** Sharing moves a draft or pending estimate to shared; later statuses stay as they are. */
export const statusAfterSharing = (status: string) => (status === 'draft' || status === 'pending' ? 'shared' : status)

/**
 * Issues a fresh token for the estimate, replacing any previous one (which stops working at
 * once: its hash is gone), and records estimates.estimate.shared.v1 in the same transaction.
 */
export async function issueShareToken(deps: EstimatesDeps, tx: Tx, actor: OrgContext, estimate: LockedEstimate): Promise<ShareResponse> {
  const token = deps.shareTokens.generate()
  const secret = { tokenHash: deps.shareTokens.hash(token), tokenCiphertext: deps.shareTokens.encrypt(token) }
  await tx.shareLink.upsert({
    where: { estimateId: estimate.id },
    create: { estimateId: estimate.id, organizationId: actor.orgId, createdBy: actor.userId, ...secret },
    update: { ...secret, createdBy: actor.userId, createdAt: new Date(), revokedAt: null },
  })
  const status = statusAfterSharing(estimate.status)
  if (status !== estimate.status) await tx.estimate.update({ where: { id: estimate.id }, data: { status } })
  await recordEstimateEvent(tx, Subjects.estimateShared, actor.orgId, actor.userId, {
    estimateId: estimate.id,
    projectName: estimate.projectName,
    clientName: estimate.clientName,
    status,
  })
  return { shareToken: token, shareUrl: shareUrlOf(deps.env.APP_URL, token) }
}
