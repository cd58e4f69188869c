import { ErrorCode, type PhaseGroup, type SettingsPhase, SYSTEM_PHASE_GROUP_READ_ONLY, type ZPhaseGroupInput, type ZPhaseInput } from '@plumbline/contracts'
import { AppError, isUuid, notFound, type OrgContext } from '@plumbline/service-kit'
import type { z } from 'zod'
import { type Db, inTransaction } from '../data/db.js'
import {
  countGroupPhases,
  deleteGroupPhaseRow,
  deletePhaseGroupRow,
  findVisibleGroup,
  findVisiblePhase,
  insertGroupPhase,
  insertPhaseGroup,
  listGroupPhaseRows,
  listVisibleGroupKeys,
  readGroupWithLinks,
  updateGroupPhaseRow,
  updatePhaseGroupRow,
} from '../data/phase-groups-repo.js'
import type { EstimatesDeps } from '../deps.js'

// Settings "Phase Groups" tab (spec 001 §2, §3, §7): system groups for everyone, read-only; each
// organisation's own groups and their phases, editable by it alone. Another organisation's group
// or phase answers 404, a system one 403.

type PhaseGroupInput = z.output<typeof ZPhaseGroupInput>
type PhaseInput = z.output<typeof ZPhaseInput>

type PhaseRow = {
  id: string
  phaseGroupId: string
  name: string
  description: string | null
  defaultPercentage: { toFixed(n: number): string }
  costCodes: string | null
  sortOrder: number
}

function toPhaseDto(p: PhaseRow): SettingsPhase {
  return {
    id: p.id,
    phaseGroupId: p.phaseGroupId,
    name: p.name,
    description: p.description,
    percentage: p.defaultPercentage.toFixed(2),
    costCode: p.costCodes,
    sortOrder: p.sortOrder,
  }
}

async function loadGroupDto(db: Db, orgId: string, id: string): Promise<PhaseGroup> {
  const g = await readGroupWithLinks(db, orgId, id)
  return {
    id: g.id,
    name: g.name,
    description: g.description,
    isSystemTemplate: g.organizationId === null,
    phases: g.phases.map(toPhaseDto),
    projectTypes: g.projectTypes
      .map((l) => ({ id: l.projectType.id, name: l.projectType.name, isDefault: l.isDefault }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  }
}

/** System groups first, then the organisation's own, by name; each with its phases in order and the types linking it. */
export async function listPhaseGroups(deps: EstimatesDeps, ctx: OrgContext): Promise<PhaseGroup[]> {
  const rows = await listVisibleGroupKeys(deps.prisma, ctx.orgId)
  rows.sort((a, b) => Number(a.organizationId !== null) - Number(b.organizationId !== null) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
  return Promise.all(rows.map((r) => loadGroupDto(deps.prisma, ctx.orgId, r.id)))
}

/** A group the organisation can see: 404 when unknown or another organisation's. */
async function visibleGroup(db: Db, orgId: string, id: string) {
  if (!isUuid(id)) throw notFound('Phase group')
  const g = await findVisibleGroup(db, orgId, id)
  if (!g) throw notFound('Phase group')
  return g
}

/** The organisation's own group for a change: 404 as above, 403 for a system group. */
async function ownGroup(db: Db, orgId: string, id: string) {
  const g = await visibleGroup(db, orgId, id)
  if (g.organizationId === null) throw new AppError(403, ErrorCode.FORBIDDEN, SYSTEM_PHASE_GROUP_READ_ONLY)
  return g
}

export async function createPhaseGroup(deps: EstimatesDeps, ctx: OrgContext, input: PhaseGroupInput): Promise<PhaseGroup> {
  const g = await insertPhaseGroup(deps.prisma, ctx.orgId, { name: input.name, description: input.description })
  return loadGroupDto(deps.prisma, ctx.orgId, g.id)
}

export async function updatePhaseGroup(deps: EstimatesDeps, ctx: OrgContext, id: string, input: PhaseGroupInput): Promise<PhaseGroup> {
  return inTransaction(deps, async (tx) => {
    await ownGroup(tx, ctx.orgId, id)
    await updatePhaseGroupRow(tx, ctx.orgId, id, { name: input.name, description: input.description })
    return loadGroupDto(tx, ctx.orgId, id)
  })
}

/** Deletes the group with its phases; the project types linking it are unlinked (the links cascade). */
export async function deletePhaseGroup(deps: EstimatesDeps, ctx: OrgContext, id: string): Promise<void> {
  await inTransaction(deps, async (tx) => {
    await ownGroup(tx, ctx.orgId, id)
    await deletePhaseGroupRow(tx, ctx.orgId, id)
  })
}

export async function listGroupPhases(deps: EstimatesDeps, ctx: OrgContext, groupId: string): Promise<SettingsPhase[]> {
  await visibleGroup(deps.prisma, ctx.orgId, groupId)
  const rows = await listGroupPhaseRows(deps.prisma, groupId)
  return rows.map(toPhaseDto)
}

/** A new phase goes last unless sortOrder is given: existing count + 1 (spec 001 §9). */
export async function createPhase(deps: EstimatesDeps, ctx: OrgContext, groupId: string, input: PhaseInput): Promise<SettingsPhase> {
  return inTransaction(deps, async (tx) => {
    await ownGroup(tx, ctx.orgId, groupId)
    const count = await countGroupPhases(tx, groupId)
    const p = await insertGroupPhase(tx, ctx.orgId, groupId, {
      name: input.name,
      description: input.description,
      costCodes: input.costCodes,
      defaultPercentage: input.defaultPercentage,
      sortOrder: input.sortOrder ?? count + 1,
    })
    return toPhaseDto(p)
  })
}

/** A phase of a group the organisation can see: 404 when unknown or another organisation's, 403 in a system group. */
async function ownPhase(db: Db, orgId: string, id: string) {
  if (!isUuid(id)) throw notFound('Phase')
  const p = await findVisiblePhase(db, orgId, id)
  if (!p) throw notFound('Phase')
  if (p.phaseGroup.organizationId === null) throw new AppError(403, ErrorCode.FORBIDDEN, SYSTEM_PHASE_GROUP_READ_ONLY)
  return p
}

export async function updatePhase(deps: EstimatesDeps, ctx: OrgContext, id: string, input: PhaseInput): Promise<SettingsPhase> {
  return inTransaction(deps, async (tx) => {
    const current = await ownPhase(tx, ctx.orgId, id)
    const p = await updateGroupPhaseRow(tx, ctx.orgId, id, {
      name: input.name,
      description: input.description,
      costCodes: input.costCodes,
      defaultPercentage: input.defaultPercentage,
      sortOrder: input.sortOrder ?? current.sortOrder,
    })
    return toPhaseDto(p)
  })
}

export async function deletePhase(deps: EstimatesDeps, ctx: OrgContext, id: string): Promise<void> {
  await inTransaction(deps, async (tx) => {
    await ownPhase(tx, ctx.orgId, id)
    await deleteGroupPhaseRow(tx, ctx.orgId, id)
  })
}
