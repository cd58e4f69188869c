import type { Tx } from '../deps.js'

export type CreateMark = {
  /** The first create seen for this estimate (a repeat under another event id is not). */
  first: boolean
  /** It counts now: first create and no delete seen before it. */
  alive: boolean
}

/** Records that an estimate was created. The upsert's row lock serialises it with markDeleted. */
export async function markCreated(tx: Tx, orgId: string, estimateId: string): Promise<CreateMark> {
  const rows = await tx.$queryRaw<{ deleted: boolean }[]>`
    INSERT INTO counted_estimates (organization_id, estimate_id, created) VALUES (${orgId}, ${estimateId}, true)
    ON CONFLICT (organization_id, estimate_id) DO UPDATE SET created = true WHERE counted_estimates.created = false
    RETURNING deleted`
  return rows.length === 1 ? { first: true, alive: !rows[0].deleted } : { first: false, alive: false }
}

/** Records that an estimate was deleted. True when it counted until now (its create was seen). */
export async function markDeleted(tx: Tx, orgId: string, estimateId: string): Promise<boolean> {
  const rows = await tx.$queryRaw<{ created: boolean }[]>`
    INSERT INTO counted_estimates (organization_id, estimate_id, deleted) VALUES (${orgId}, ${estimateId}, true)
    ON CONFLICT (organization_id, estimate_id) DO UPDATE SET deleted = true WHERE counted_estimates.deleted = false
    RETURNING created`
  return rows.length === 1 && rows[0].created
}
