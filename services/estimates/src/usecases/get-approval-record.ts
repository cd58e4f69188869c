import { type ApprovalRecord, ErrorCode } from '@plumbline/contracts'
import { AppError, type OrgContext } from '@plumbline/service-kit'
import { findLatestApproval } from '../data/approvals-repo.js'
import type { Db } from '../data/db.js'
import { findLiveEstimate } from '../data/estimates-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { snapshotHash } from './public-snapshot.js'

/** The approval in force (after the last reopen, while the estimate is approved) as its signed record, or null. */
export async function loadApprovalRecord(db: Db, orgId: string, estimateId: string): Promise<ApprovalRecord | null> {
  const estimate = await findLiveEstimate(db, orgId, estimateId)
  if (estimate.status !== 'approved') return null
  const row = await findLatestApproval(db, orgId, estimateId, estimate.reopenedAt)
  if (row?.decision !== 'approved') return null
  const snapshot = (row.snapshot ?? {}) as Record<string, unknown>
  return {
    id: row.id,
    decision: 'approved',
    signerName: row.signerName ?? '',
    signerEmail: row.signerEmail,
    decidedAt: row.decidedAt.toISOString(),
    ip: row.ip,
    userAgent: row.userAgent,
    signature: { kind: row.signaturePng ? 'drawn' : 'typed', pngBase64: row.signaturePng ? Buffer.from(row.signaturePng).toString('base64') : null },
    snapshotSha256: row.snapshotSha256,
    snapshot,
    verified: snapshotHash(snapshot) === row.snapshotSha256,
  }
}

/** GET …/estimates/{id}/approval: 404 until the client has approved (and after a reopen). */
export async function getApprovalRecord(deps: EstimatesDeps, ctx: OrgContext, estimateId: string): Promise<ApprovalRecord> {
  const record = await loadApprovalRecord(deps.prisma, ctx.orgId, estimateId)
  if (!record) throw new AppError(404, ErrorCode.NOT_FOUND, 'This estimate has no client approval.')
  return record
}
