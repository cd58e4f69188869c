import type { ProjectType } from '@plumbline/contracts'
import type { OrgContext } from '@plumbline/service-kit'
import type { Db } from '../data/db.js'
import { listProjectTypeRows } from '../data/project-types-repo.js'
import type { EstimatesDeps } from '../deps.js'

/**
 * System project types and the organisation's own, system first, then by sort order and name,
 * each with its linked phase groups (spec 001 §3: the link has isDefault), default group first,
 * and their phases in order. Links and groups of other organisations are never shown.
 */
export async function listProjectTypes(deps: EstimatesDeps, ctx: OrgContext): Promise<ProjectType[]> {
  return findProjectTypes(deps.prisma, ctx.orgId)
}

/** One project type as the list shows it (after a change to it or its links). */
export async function loadProjectType(db: Db, orgId: string, id: string): Promise<ProjectType> {
  const [type] = await findProjectTypes(db, orgId, id)
  if (!type) throw new Error(`project type ${id} vanished`)
  return type
}

async function findProjectTypes(db: Db, orgId: string, id?: string): Promise<ProjectType[]> {
  const rows = await listProjectTypeRows(db, orgId, id)
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    icon: r.icon || 'package',
    isSystemTemplate: r.isSystemTemplate,
    phaseGroups: r.phaseGroups
      .sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.phaseGroup.name.localeCompare(b.phaseGroup.name))
      .map(({ isDefault, phaseGroup: g }) => ({
        id: g.id,
        name: g.name,
        description: g.description,
        isDefault,
        phases: g.phases.map((p) => ({
          id: p.id,
          name: p.name,
          description: p.description,
          percentage: p.defaultPercentage.toFixed(2),
          costCode: p.costCodes,
        })),
      })),
  }))
}
