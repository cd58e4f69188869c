import { notFound } from '@plumbline/service-kit'
import type { EstimatesDeps } from '../deps.js'
import { isUuid } from '@plumbline/service-kit'
import { loadSectionsJson } from '../data/sections-repo.js'
import type { OrgContext } from '../http/context.js'

/** GET …/estimates/{id}/sections as JSON text (built by PostgreSQL, sent as is); 404 unless a live estimate of the organisation. */
export async function listSectionsJson(deps: EstimatesDeps, ctx: OrgContext, estimateId: string): Promise<string> {
  const json = isUuid(estimateId) ? await loadSectionsJson(deps.prisma, ctx.orgId, estimateId) : null
  if (json === null) throw notFound('Estimate')
  return json
}
