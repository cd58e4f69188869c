import { badRequest, isUuid } from '@plumbline/service-kit'
import { type Db, visibleTo } from './db.js'

/** A project type the organisation may use (system or its own), else 400 on projectTypeId. */
export async function requireUsableProjectType(db: Db, orgId: string, projectTypeId: string) {
  const pt = isUuid(projectTypeId) ? await db.projectType.findFirst({ where: { id: projectTypeId, ...visibleTo(orgId) } }) : null
  if (!pt) throw badRequest('projectTypeId: Please select a project type', [{ field: 'projectTypeId', message: 'Please select a project type' }])
  return pt
}

/** Phases of the project type's default phase group(s), in order. */
export async function defaultPhasesOf(db: Db, orgId: string, projectTypeId: string) {
  const links = await db.projectTypePhaseGroup.findMany({
    where: { projectTypeId, isDefault: true, phaseGroup: visibleTo(orgId) },
    include: { phaseGroup: { include: { phases: { orderBy: [{ sortOrder: 'asc' }, { name: 'asc' }] } } } },
    orderBy: { phaseGroupId: 'asc' },
  })
  return links.flatMap((l) => l.phaseGroup.phases)
}
