import type { Estimate } from '@plumbline/contracts'
import { notFound, type OrgContext } from '@plumbline/service-kit'
import type { Db } from '../data/db.js'
import { findEstimateWithDetails } from '../data/estimates-repo.js'
import { toEstimateDto } from '../data/mappers.js'
import type { EstimatesDeps } from '../deps.js'

export async function loadEstimateDto(db: Db, deps: Pick<EstimatesDeps, 'shareTokens'>, orgId: string, id: string): Promise<Estimate> {
  const e = await findEstimateWithDetails(db, orgId, id)
  if (!e) throw notFound('Estimate')
  return toEstimateDto(e, deps.shareTokens)
}

/** The estimate with its content sections map, latest client decision and (for the contractor) live share token. */
export const getEstimate = (deps: EstimatesDeps, ctx: OrgContext, id: string) => loadEstimateDto(deps.prisma, deps, ctx.orgId, id)
