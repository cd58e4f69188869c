import { isUuid, notFound } from '@plumbline/service-kit'
import { estimateLockedError } from '../domain/estimate-lock.js'
import type { Db, Tx } from './db.js'

/** A live (not deleted) estimate of the organisation, or 404. Every lookup is scoped by orgId. */
export async function findLiveEstimate(db: Db, orgId: string, id: string) {
  if (!isUuid(id)) throw notFound('Estimate')
  const estimate = await db.estimate.findFirst({ where: { id, organizationId: orgId, deletedAt: null } })
  if (!estimate) throw notFound('Estimate')
  return estimate
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
