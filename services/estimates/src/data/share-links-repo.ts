import type { Db, Tx } from './db.js'

// The share link of an estimate (one per estimate): stored as the token's sha256 (lookup) and its
// AES-GCM ciphertext (so the contractor can copy it again). Functions take orgId first.

export type ShareSecret = { tokenHash: string; tokenCiphertext: string }

/** Stores a fresh token for the estimate, replacing any previous one (whose hash is then gone). */
export async function upsertShareLink(tx: Tx, orgId: string, estimateId: string, createdBy: string, secret: ShareSecret): Promise<void> {
  await tx.shareLink.upsert({
    where: { estimateId },
    create: { estimateId, organizationId: orgId, createdBy, ...secret },
    // A new token is a new link: whoever opens it has seen nothing of the estimate yet.
    update: { ...secret, createdBy, createdAt: new Date(), revokedAt: null, seenRevisionId: null, seenAt: null },
  })
}

/** Removes the estimate's link; how many rows went (0 when it had none). */
export async function deleteShareLinks(tx: Tx, orgId: string, estimateId: string): Promise<number> {
  const { count } = await tx.shareLink.deleteMany({ where: { estimateId, organizationId: orgId } })
  return count
}

/** Marks the estimate's live link revoked. */
export async function revokeShareLinks(tx: Tx, orgId: string, estimateId: string): Promise<void> {
  await tx.shareLink.updateMany({ where: { estimateId, organizationId: orgId, revokedAt: null }, data: { revokedAt: new Date() } })
}

export async function hasLiveShareLink(tx: Tx, orgId: string, estimateId: string): Promise<boolean> {
  return (await tx.shareLink.count({ where: { estimateId, organizationId: orgId, revokedAt: null } })) > 0
}

/** Whether this very link (same row, same token) is still live: it may have been regenerated or disabled meanwhile. */
export async function isShareLinkLive(tx: Tx, link: { id: string; tokenHash: string }): Promise<boolean> {
  return (await tx.shareLink.count({ where: { id: link.id, tokenHash: link.tokenHash, revokedAt: null } })) > 0
}

/**
 * The live link with this token hash, with its (not deleted) estimate and the estimate's project
 * type name, or null. Not scoped by an organisation: the token is what the public page has.
 */
export function findLiveShareByTokenHash(db: Db, tokenHash: string) {
  return db.shareLink.findFirst({
    where: { tokenHash, revokedAt: null, estimate: { deletedAt: null } },
    include: { estimate: { include: { projectType: { select: { name: true } } } } },
  })
}

/** The estimate's live link (its encrypted token), or null. */
export function findLiveShareLinkOf(db: Db, orgId: string, estimateId: string) {
  return db.shareLink.findFirst({ where: { estimateId, organizationId: orgId, revokedAt: null } })
}

/** Sets the live link's expiry and passcode hash (undefined leaves one as it is); false when there is no live link. */
export async function updateShareGovernance(
  tx: Tx,
  orgId: string,
  estimateId: string,
  fields: { expiresAt?: Date | null; passcodeHash?: string | null },
): Promise<boolean> {
  const { count } = await tx.shareLink.updateMany({ where: { estimateId, organizationId: orgId, revokedAt: null }, data: fields })
  return count > 0
}
