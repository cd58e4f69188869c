import type { ProjectType } from '@plumbline/contracts'
import type { EstimatesDeps } from '../deps.js'
import type { OrgContext } from '../http/context.js'

/** System project types and the organisation's own, system first, then by sort order and name. */
export async function listProjectTypes(deps: EstimatesDeps, ctx: OrgContext): Promise<ProjectType[]> {
  const rows = await deps.prisma.projectType.findMany({
    where: { OR: [{ organizationId: null }, { organizationId: ctx.orgId }] },
    orderBy: [{ isSystemTemplate: 'desc' }, { sortOrder: 'asc' }, { name: 'asc' }],
  })
  return rows.map((r) => ({ id: r.id, name: r.name, description: r.description, icon: r.icon || 'package', isSystemTemplate: r.isSystemTemplate }))
}
