import type { Section } from '@plumbline/contracts'
import type { EstimatesDeps } from '../deps.js'
import { findLiveEstimate } from '../data/estimates-repo.js'
import { loadSections } from '../data/sections-repo.js'
import type { OrgContext } from '../http/context.js'

export async function listSections(deps: EstimatesDeps, ctx: OrgContext, estimateId: string): Promise<Section[]> {
  const e = await findLiveEstimate(deps.prisma, ctx.orgId, estimateId)
  return loadSections(deps.prisma, ctx.orgId, e.id)
}
