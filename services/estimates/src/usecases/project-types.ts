import {
  ErrorCode,
  type ProjectType,
  SYSTEM_PROJECT_TYPE_READ_ONLY,
  SYSTEM_PROJECT_TYPE_TITLE,
  type ZPhaseGroupLinkInput,
  type ZProjectTypeInput,
} from '@plumbline/contracts'
import { AppError, isUuid, notFound, type OrgContext } from '@plumbline/service-kit'
import type { z } from 'zod'
import { type Db, inTransaction } from '../data/db.js'
import { findVisibleGroup } from '../data/phase-groups-repo.js'
import {
  deletePhaseGroupLink,
  deleteProjectTypeRow,
  findPhaseGroupLink,
  findVisibleProjectType,
  hasOtherDefaultLink,
  insertProjectType,
  savePhaseGroupLink,
  updateProjectTypeRow,
} from '../data/project-types-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { loadProjectType } from './list-project-types.js'

// Settings "Project Types" tab (spec 001 §2, §4, §7, §8): an organisation creates, edits and
// deletes its own project types and links phase groups to them; system types are read-only.

type ProjectTypeInput = z.output<typeof ZProjectTypeInput>
type LinkInput = z.output<typeof ZPhaseGroupLinkInput>

export const SYSTEM_PROJECT_TYPE_MESSAGE = `${SYSTEM_PROJECT_TYPE_TITLE} - ${SYSTEM_PROJECT_TYPE_READ_ONLY}`

/** The organisation's own type for a change: 404 when unknown or another organisation's, 403 for a system type. */
async function ownProjectType(db: Db, orgId: string, id: string) {
  if (!isUuid(id)) throw notFound('Project type')
  const t = await findVisibleProjectType(db, orgId, id)
  if (!t) throw notFound('Project type')
  if (t.isSystemTemplate || t.organizationId === null) throw new AppError(403, ErrorCode.FORBIDDEN, SYSTEM_PROJECT_TYPE_MESSAGE)
  return t
}

/** A phase group the organisation may link: a system one or its own, else 404. */
async function linkableGroup(db: Db, orgId: string, id: string) {
  if (!isUuid(id)) throw notFound('Phase group')
  const g = await findVisibleGroup(db, orgId, id)
  if (!g) throw notFound('Phase group')
  return g
}

export async function createProjectType(deps: EstimatesDeps, ctx: OrgContext, input: ProjectTypeInput): Promise<ProjectType> {
  const t = await insertProjectType(deps.prisma, ctx.orgId, {
    name: input.name,
    description: input.description,
    icon: input.icon,
    sortOrder: input.sortOrder ?? 0,
  })
  return loadProjectType(deps.prisma, ctx.orgId, t.id)
}

export async function updateProjectType(deps: EstimatesDeps, ctx: OrgContext, id: string, input: ProjectTypeInput): Promise<ProjectType> {
  return inTransaction(deps, async (tx) => {
    const current = await ownProjectType(tx, ctx.orgId, id)
    await updateProjectTypeRow(tx, ctx.orgId, id, {
      name: input.name,
      description: input.description,
      icon: input.icon,
      sortOrder: input.sortOrder ?? current.sortOrder,
    })
    return loadProjectType(tx, ctx.orgId, id)
  })
}

/** Deletes the type and its links; estimates of that type keep their phases and lose the type (SET NULL). */
export async function deleteProjectType(deps: EstimatesDeps, ctx: OrgContext, id: string): Promise<void> {
  await inTransaction(deps, async (tx) => {
    await ownProjectType(tx, ctx.orgId, id)
    await deleteProjectTypeRow(tx, ctx.orgId, id)
  })
}

/**
 * Links a group to the type, or changes an existing link's isDefault. One default per type:
 * isDefault true takes it from the other links; left out, the link is the default only when the
 * type has none yet (so a type's first group gives new estimates their phases).
 */
export async function linkPhaseGroup(deps: EstimatesDeps, ctx: OrgContext, typeId: string, groupId: string, input: LinkInput): Promise<ProjectType> {
  return inTransaction(deps, async (tx) => {
    await ownProjectType(tx, ctx.orgId, typeId)
    await linkableGroup(tx, ctx.orgId, groupId)
    const existing = await findPhaseGroupLink(tx, typeId, groupId)
    const isDefault = input.isDefault ?? existing?.isDefault ?? !(await hasOtherDefaultLink(tx, typeId, groupId))
    await savePhaseGroupLink(tx, ctx.orgId, typeId, groupId, isDefault)
    return loadProjectType(tx, ctx.orgId, typeId)
  })
}

/** Removes the link (404 when there is none); a removed default leaves the type without one. */
export async function unlinkPhaseGroup(deps: EstimatesDeps, ctx: OrgContext, typeId: string, groupId: string): Promise<ProjectType> {
  return inTransaction(deps, async (tx) => {
    await ownProjectType(tx, ctx.orgId, typeId)
    await linkableGroup(tx, ctx.orgId, groupId)
    if (!(await deletePhaseGroupLink(tx, typeId, groupId))) throw notFound('Phase group link')
    return loadProjectType(tx, ctx.orgId, typeId)
  })
}
