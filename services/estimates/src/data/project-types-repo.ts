import { type Db, type Tx, visibleTo } from './db.js'

// Project types and their links to phase groups: system types for everyone, and each
// organisation's own. Functions take orgId first and see only system rows and the org's own.

export type ProjectTypeFields = { name: string; description: string | null; icon: string; sortOrder: number }

/**
 * The visible project types (or just `id`), system first, then by sort order and name, each with
 * its visible links to visible phase groups and those groups' phases in order.
 */
export function listProjectTypeRows(db: Db, orgId: string, id?: string) {
  return db.projectType.findMany({
    where: { ...visibleTo(orgId), ...(id ? { id } : {}) },
    orderBy: [{ isSystemTemplate: 'desc' }, { sortOrder: 'asc' }, { name: 'asc' }],
    include: {
      phaseGroups: {
        where: { ...visibleTo(orgId), phaseGroup: visibleTo(orgId) },
        include: { phaseGroup: { include: { phases: { orderBy: [{ sortOrder: 'asc' }, { name: 'asc' }] } } } },
      },
    },
  })
}

/** A system type or one of the organisation's own, or null. The id must be a uuid. */
export function findVisibleProjectType(db: Db, orgId: string, id: string) {
  return db.projectType.findFirst({ where: { id, ...visibleTo(orgId) } })
}

export function insertProjectType(db: Db, orgId: string, fields: ProjectTypeFields) {
  return db.projectType.create({ data: { organizationId: orgId, isSystemTemplate: false, ...fields } })
}

export async function updateProjectTypeRow(tx: Tx, orgId: string, id: string, fields: ProjectTypeFields): Promise<void> {
  await tx.projectType.update({ where: { id, organizationId: orgId }, data: fields })
}

/** Deletes the type and its links; estimates of that type lose the type (SET NULL). */
export async function deleteProjectTypeRow(tx: Tx, orgId: string, id: string): Promise<void> {
  await tx.projectType.delete({ where: { id, organizationId: orgId } })
}

export function findPhaseGroupLink(tx: Tx, typeId: string, groupId: string) {
  return tx.projectTypePhaseGroup.findUnique({ where: { projectTypeId_phaseGroupId: { projectTypeId: typeId, phaseGroupId: groupId } } })
}

/** Whether a link of the type other than to `groupId` is the default. */
export async function hasOtherDefaultLink(tx: Tx, typeId: string, groupId: string): Promise<boolean> {
  return (await tx.projectTypePhaseGroup.count({ where: { projectTypeId: typeId, isDefault: true, phaseGroupId: { not: groupId } } })) > 0
}

/** Stores the link (creating it when missing); a default link takes the default from the type's other links. */
export async function savePhaseGroupLink(tx: Tx, orgId: string, typeId: string, groupId: string, isDefault: boolean): Promise<void> {
  if (isDefault) await tx.projectTypePhaseGroup.updateMany({ where: { projectTypeId: typeId, phaseGroupId: { not: groupId } }, data: { isDefault: false } })
  await tx.projectTypePhaseGroup.upsert({
    where: { projectTypeId_phaseGroupId: { projectTypeId: typeId, phaseGroupId: groupId } },
    create: { projectTypeId: typeId, phaseGroupId: groupId, organizationId: orgId, isDefault },
    update: { isDefault },
  })
}

/** Removes the link; false when there was none. */
export async function deletePhaseGroupLink(tx: Tx, typeId: string, groupId: string): Promise<boolean> {
  const { count } = await tx.projectTypePhaseGroup.deleteMany({ where: { projectTypeId: typeId, phaseGroupId: groupId } })
  return count > 0
}
