import type { Phase } from '@plumbline/contracts'
import type { OrgContext } from '@plumbline/service-kit'
import { findLiveEstimate } from '../data/estimates-repo.js'
import { toPhaseDto } from '../data/mappers.js'
import type { EstimatesDeps } from '../deps.js'

export async function listPhases(deps: EstimatesDeps, ctx: OrgContext, estimateId: string): Promise<Phase[]> {
  const e = await findLiveEstimate(deps.prisma, ctx.orgId, estimateId)
  const phases = await deps.prisma.estimatePhase.findMany({
    where: { estimateId: e.id, organizationId: ctx.orgId },
    orderBy: [{ sortOrder: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
  })
  return phases.map(toPhaseDto)
}
