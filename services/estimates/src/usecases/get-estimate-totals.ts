import type { EstimatePricing } from '@plumbline/contracts'
import type { OrgContext } from '@plumbline/service-kit'
import { findLiveEstimate } from '../data/estimates-repo.js'
import type { EstimatesDeps } from '../deps.js'
import { loadEstimateTotals } from './load-estimate-totals.js'

/** GET …/estimates/{id}/totals (totals only) and GET …/estimates/{id}/pricing (selection and totals). */
export async function getEstimateTotals(deps: EstimatesDeps, actor: OrgContext, estimateId: string): Promise<EstimatePricing> {
  await findLiveEstimate(deps.prisma, actor.orgId, estimateId)
  return loadEstimateTotals(deps.prisma, actor.orgId, estimateId)
}
