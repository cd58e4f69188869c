import type { Tx } from './db.js'

export type CreateMark = {
  /** The first create seen for this estimate (a repeat under another event id is not). */
  first: boolean
  /** It counts now: first create and no delete seen before it. */
  alive: boolean
  /** A delete of the same UTC month was seen first: the creation uses no quota. */
  deletedSameMonth: boolean
}

export type DeleteMark = {
  /** It counted until now (its create was seen and this is the first delete). */
  counted: boolean
  /** The create was counted in the same UTC month as this delete: that quota comes back. */
  sameMonth: boolean
}

/** Records that an estimate was created in `month`. The upsert's row lock serialises it with markDeleted. */
export async function markCreated(tx: Tx, orgId: string, estimateId: string, month: string): Promise<CreateMark> {
  const rows = await tx.$queryRaw<{ deleted: boolean; deleted_month: string | null }[]>`
    INSERT INTO counted_estimates (organization_id, estimate_id, created, created_month) VALUES (${orgId}, ${estimateId}, true, ${month})
    ON CONFLICT (organization_id, estimate_id) DO UPDATE SET created = true, created_month = ${month} WHERE counted_estimates.created = false
    RETURNING deleted, deleted_month`
  if (rows.length !== 1) return { first: false, alive: false, deletedSameMonth: false }
  return { first: true, alive: !rows[0].deleted, deletedSameMonth: rows[0].deleted && rows[0].deleted_month === month }
}

/** Records that an estimate was deleted in `month`. */
export async function markDeleted(tx: Tx, orgId: string, estimateId: string, month: string): Promise<DeleteMark> {
  const rows = await tx.$queryRaw<{ created: boolean; created_month: string | null }[]>`
    INSERT INTO counted_estimates (organization_id, estimate_id, deleted, deleted_month) VALUES (${orgId}, ${estimateId}, true, ${month})
    ON CONFLICT (organization_id, estimate_id) DO UPDATE SET deleted = true, deleted_month = ${month} WHERE counted_estimates.deleted = false
    RETURNING created, created_month`
  const counted = rows.length === 1 && rows[0].created
  return { counted, sameMonth: counted && rows[0].created_month === month }
}
