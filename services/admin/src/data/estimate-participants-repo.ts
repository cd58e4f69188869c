import type { Tx } from './db.js'

export type Participants = { creatorId: string | null; sharerId: string | null }

/** The creator, from estimates.estimate.created (cloning creates too: the cloner owns the copy). */
export async function recordCreator(tx: Tx, orgId: string, estimateId: string, creatorId: string | null): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO estimate_participants (organization_id, estimate_id, creator_id) VALUES (${orgId}, ${estimateId}, ${creatorId})
    ON CONFLICT (organization_id, estimate_id) DO UPDATE SET creator_id = COALESCE(EXCLUDED.creator_id, estimate_participants.creator_id)`
}

/** The last teammate who shared it; a share older than the one known changes nothing. */
export async function recordSharer(tx: Tx, orgId: string, estimateId: string, sharerId: string, at: Date): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO estimate_participants (organization_id, estimate_id, sharer_id, shared_at) VALUES (${orgId}, ${estimateId}, ${sharerId}, ${at})
    ON CONFLICT (organization_id, estimate_id) DO UPDATE SET sharer_id = EXCLUDED.sharer_id, shared_at = EXCLUDED.shared_at
    WHERE estimate_participants.shared_at IS NULL OR estimate_participants.shared_at <= EXCLUDED.shared_at`
}

export async function participantsOf(tx: Tx, orgId: string, estimateId: string): Promise<Participants> {
  const row = await tx.estimateParticipants.findUnique({ where: { organizationId_estimateId: { organizationId: orgId, estimateId } } })
  return { creatorId: row?.creatorId ?? null, sharerId: row?.sharerId ?? null }
}

export async function forgetEstimate(tx: Tx, orgId: string, estimateId: string): Promise<void> {
  await tx.estimateParticipants.deleteMany({ where: { organizationId: orgId, estimateId } })
}
