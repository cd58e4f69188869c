import { type Db, type Tx, visibleTo } from './db.js'

// Settings phase groups and their phases: system groups (organizationId null) for everyone, and
// each organisation's own. Functions take orgId first and see only system rows and the org's own.

const PHASE_ORDER = [{ sortOrder: 'asc' as const }, { name: 'asc' as const }]

export type PhaseGroupFields = { name: string; description: string | null }
export type PhaseFields = { name: string; description: string | null; costCodes: string | null; defaultPercentage: string; sortOrder: number }

/** Ids, owners and names of the groups the organisation sees (unordered). */
export function listVisibleGroupKeys(db: Db, orgId: string) {
  return db.phaseGroup.findMany({ where: visibleTo(orgId), select: { id: true, organizationId: true, name: true } })
}

/** The group with its phases in order and the visible project types linking it; throws when missing. */
export function readGroupWithLinks(db: Db, orgId: string, id: string) {
  return db.phaseGroup.findUniqueOrThrow({
    where: { id },
    include: {
      phases: { orderBy: PHASE_ORDER },
      projectTypes: { where: { ...visibleTo(orgId), projectType: visibleTo(orgId) }, include: { projectType: true } },
    },
  })
}

/** A system group or one of the organisation's own, or null. The id must be a uuid. */
export function findVisibleGroup(db: Db, orgId: string, id: string) {
  return db.phaseGroup.findFirst({ where: { id, ...visibleTo(orgId) } })
}

export function insertPhaseGroup(db: Db, orgId: string, fields: PhaseGroupFields) {
  return db.phaseGroup.create({ data: { organizationId: orgId, ...fields } })
}

export async function updatePhaseGroupRow(tx: Tx, orgId: string, id: string, fields: PhaseGroupFields): Promise<void> {
  await tx.phaseGroup.update({ where: { id, organizationId: orgId }, data: fields })
}

/** Deletes the group with its phases; the project types' links to it cascade. */
export async function deletePhaseGroupRow(tx: Tx, orgId: string, id: string): Promise<void> {
  await tx.phaseGroup.delete({ where: { id, organizationId: orgId } })
}

/** The group's phases in order; the caller has checked the organisation sees the group. */
export function listGroupPhaseRows(db: Db, groupId: string) {
  return db.phaseGroupPhase.findMany({ where: { phaseGroupId: groupId }, orderBy: PHASE_ORDER })
}

export function countGroupPhases(tx: Tx, groupId: string): Promise<number> {
  return tx.phaseGroupPhase.count({ where: { phaseGroupId: groupId } })
}

export function insertGroupPhase(tx: Tx, orgId: string, groupId: string, fields: PhaseFields) {
  return tx.phaseGroupPhase.create({ data: { phaseGroupId: groupId, organizationId: orgId, ...fields } })
}

/** A phase of a group the organisation sees, with its group, or null. The id must be a uuid. */
export function findVisiblePhase(db: Db, orgId: string, id: string) {
  return db.phaseGroupPhase.findFirst({ where: { id, phaseGroup: visibleTo(orgId) }, include: { phaseGroup: true } })
}

export function updateGroupPhaseRow(tx: Tx, orgId: string, id: string, fields: PhaseFields) {
  return tx.phaseGroupPhase.update({ where: { id, organizationId: orgId }, data: fields })
}

export async function deleteGroupPhaseRow(tx: Tx, orgId: string, id: string): Promise<void> {
  await tx.phaseGroupPhase.delete({ where: { id, organizationId: orgId } })
}
