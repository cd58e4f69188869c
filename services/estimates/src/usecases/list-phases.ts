import type { Phase } from '@plumbline/contracts'
import type { OrgContext } from '@plumbline/service-kit'
import { findLiveEstimate } from '../data/estimates-repo.js'
import { toPhaseDto } from '../data/mappers.js'
import { listEstimatePhases } from '../data/phases-repo.js'
import type { EstimatesDeps } from '../deps.js'

export async function listPhases(deps: EstimatesDeps, ctx: OrgContext, estimateId: string): Promise<Phase[]> {
  const e = await findLiveEstimate(deps.prisma, ctx.orgId, estimateId)
  const phases = await listEstimatePhases(deps.prisma, ctx.orgId, e.id)
  return phases.map(toPhaseDto)
}
