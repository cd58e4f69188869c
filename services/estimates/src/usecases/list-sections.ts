import { isUuid, notFound } from '@plumbline/service-kit'
import type { EstimatesDeps } from '../deps.js'
import { loadVersionedSectionsJson, readSectionsVersion } from '../data/sections-repo.js'
import type { Versioned } from '../data/versioned-memo.js'
import type { OrgContext } from '../http/context.js'

/**
 * GET …/estimates/{id}/sections as JSON text (built by PostgreSQL, sent as is); 404 unless a
 * live estimate of the organisation. An unchanged estimate's document is served from memory
 * after one version read (the tenancy and liveness check happen in that read too).
 */
export async function listSectionsJson(deps: EstimatesDeps, ctx: OrgContext, estimateId: string): Promise<Versioned<string>> {
  if (!isUuid(estimateId)) throw notFound('Estimate')
  const known = deps.sectionsDocuments.get(estimateId)
  if (known) {
    const version = await readSectionsVersion(deps.prisma, ctx.orgId, estimateId)
    if (version === null) throw notFound('Estimate')
    if (version === known.version) return known
  }
  const loaded = await loadVersionedSectionsJson(deps.prisma, ctx.orgId, estimateId)
  if (loaded === null) throw notFound('Estimate')
  deps.sectionsDocuments.set(estimateId, loaded)
  return loaded
}
