import { isUuid, notFound } from '@plumbline/service-kit'
import { estimateLockedError } from '../domain/estimate-lock.js'
import type { Prisma } from '../generated/prisma/client.js'
import type { Db, Tx } from './db.js'
import { ESTIMATE_INCLUDE } from './mappers.js'

/** A live (not deleted) estimate of the organisation, or null. The id must be a uuid. */
export function findLiveEstimateRow(db: Db, orgId: string, id: string) {
  return db.estimate.findFirst({ where: { id, organizationId: orgId, deletedAt: null } })
}

/** A live (not deleted) estimate of the organisation, or 404. Every lookup is scoped by orgId. */
export async function findLiveEstimate(db: Db, orgId: string, id: string) {
  if (!isUuid(id)) throw notFound('Estimate')
  const estimate = await findLiveEstimateRow(db, orgId, id)
  if (!estimate) throw notFound('Estimate')
  return estimate
}

/** A live estimate with what its DTO shows (project type, content, share link, decision), or null. */
export function findEstimateWithDetails(db: Db, orgId: string, id: string) {
  return db.estimate.findFirst({ where: { id, organizationId: orgId, deletedAt: null }, include: ESTIMATE_INCLUDE })
}

/** The estimate with its project type's name, as the public page shows it; throws when missing. */
export function readEstimateForPublic(db: Db, orgId: string, id: string) {
  return db.estimate.findFirstOrThrow({ where: { id, organizationId: orgId }, include: { projectType: { select: { name: true } } } })
}

export type LockedEstimate = { id: string; status: string; projectName: string; clientName: string; lockedAt: Date | null }

/**
 * Takes the live estimate's row lock for the rest of the transaction (FOR UPDATE), so concurrent
 * share changes, status changes and a client's decision run one after another. Null when the
 * organisation has no such live estimate.
 */
export async function selectEstimateForUpdate(tx: Tx, orgId: string, id: string): Promise<LockedEstimate | null> {
  const rows = await tx.$queryRaw<{ id: string; status: string; project_name: string; client_name: string; locked_at: Date | null }[]>`
    SELECT id, status, project_name, client_name, locked_at FROM estimates
    WHERE id = ${id}::uuid AND organization_id = ${orgId} AND deleted_at IS NULL
    FOR UPDATE`
  const row = rows[0]
  return row ? { id: row.id, status: row.status, projectName: row.project_name, clientName: row.client_name, lockedAt: row.locked_at } : null
}

/** selectEstimateForUpdate, or 404 unless a live estimate of the org. */
export async function lockEstimateRow(tx: Tx, orgId: string, id: string): Promise<LockedEstimate> {
  if (!isUuid(id)) throw notFound('Estimate')
  const row = await selectEstimateForUpdate(tx, orgId, id)
  if (!row) throw notFound('Estimate')
  return row
}

export type EstimateFields = Omit<Prisma.EstimateUncheckedUpdateInput, 'id' | 'organizationId'>

/** Writes the given columns of the organisation's estimate and returns the row. */
export function updateEstimateRow(tx: Tx, orgId: string, id: string, fields: EstimateFields) {
  return tx.estimate.update({ where: { id, organizationId: orgId }, data: fields })
}

/** Soft delete; how many live rows it marked (0 when another request deleted it first). */
export async function softDeleteEstimate(tx: Tx, orgId: string, id: string): Promise<number> {
  const { count } = await tx.estimate.updateMany({ where: { id, organizationId: orgId, deletedAt: null }, data: { deletedAt: new Date() } })
  return count
}

/**
 * A client's first open: sets viewedAt once (true when this call set it) and keeps updatedAt as
 * it was, a view not being an edit. The condition makes concurrent first opens count once.
 */
export async function markFirstViewed(tx: Tx, orgId: string, id: string, updatedAt: Date): Promise<boolean> {
  const { count } = await tx.estimate.updateMany({
    where: { id, organizationId: orgId, viewedAt: null, deletedAt: null },
    data: { viewedAt: new Date(), updatedAt },
  })
  return count > 0
}

/** shared → viewed (true when it was shared), keeping updatedAt. */
export async function markSharedViewed(tx: Tx, orgId: string, id: string, updatedAt: Date): Promise<boolean> {
  const { count } = await tx.estimate.updateMany({ where: { id, organizationId: orgId, status: 'shared' }, data: { status: 'viewed', updatedAt } })
  return count > 0
}

/**
 * Inside an edit's transaction: marks the estimate as changed (updated_at) and takes its row lock,
 * so a client approval (which updates the same row) cannot slip between this check and the edit.
 * 404 when the estimate is not the organisation's; 409 ESTIMATE_LOCKED while it is approved.
 */
export async function touchEditableEstimate(
  tx: Tx,
  orgId: string,
  id: string,
): Promise<{ id: string; projectName: string; clientName: string; status: string }> {
  if (!isUuid(id)) throw notFound('Estimate')
  const rows = await tx.$queryRaw<{ id: string; locked_at: Date | null; project_name: string; client_name: string; status: string }[]>`
    UPDATE estimates SET updated_at = now()
    WHERE id = ${id}::uuid AND organization_id = ${orgId} AND deleted_at IS NULL
    RETURNING id, locked_at, project_name, client_name, status`
  const row = rows[0]
  if (!row) throw notFound('Estimate')
  if (row.locked_at) throw estimateLockedError()
  return { id: row.id, projectName: row.project_name, clientName: row.client_name, status: row.status }
}

/** The section (and its live estimate) of the organisation, or 404. */
export async function findSectionOfOrg(db: Db, orgId: string, sectionId: string) {
  if (!isUuid(sectionId)) throw notFound('Section')
  const section = await db.section.findFirst({ where: { id: sectionId, organizationId: orgId, estimate: { deletedAt: null } } })
  if (!section) throw notFound('Section')
  return section
}

export async function findLineItemOfOrg(db: Db, orgId: string, itemId: string) {
  if (!isUuid(itemId)) throw notFound('Line item')
  const item = await db.lineItem.findFirst({ where: { id: itemId, organizationId: orgId, estimate: { deletedAt: null } } })
  if (!item) throw notFound('Line item')
  return item
}
