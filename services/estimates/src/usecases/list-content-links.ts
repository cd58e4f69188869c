import { CONTENT_SECTION_TYPES } from '@plumbline/contracts'
import type { OrgContext } from '@plumbline/service-kit'
import { listContentLinkRows } from '../data/content-repo.js'
import { findLiveEstimate } from '../data/estimates-repo.js'
import { toContentLinkDto } from '../data/mappers.js'
import type { EstimatesDeps } from '../deps.js'

const ORDER = new Map<string, number>(CONTENT_SECTION_TYPES.map((t, i) => [t, i]))

/** Visibility flags per content section, in the sections' display order. */
export async function listContentLinks(deps: EstimatesDeps, ctx: OrgContext, estimateId: string) {
  const e = await findLiveEstimate(deps.prisma, ctx.orgId, estimateId)
  const links = await listContentLinkRows(deps.prisma, ctx.orgId, e.id)
  return links.sort((a, b) => (ORDER.get(a.role) ?? 99) - (ORDER.get(b.role) ?? 99)).map(toContentLinkDto)
}
