import type { z } from 'zod'
import type { ZEstimateListResponse } from '@plumbline/contracts'
import type { EstimatesDeps } from '../deps.js'
import { listEstimatesSql, readsAllMatches, type EstimateListQuery } from '../data/list-estimates-query.js'
import { money } from '../domain/money.js'
import type { OrgContext } from '../http/context.js'

type Row = {
  id: string; project_name: string; client_name: string; property_address: string; updated_at: Date; created_at: Date
  total_cost_text: string | null; status: string; ai_summary: string | null; project_type_id: string | null; token_ciphertext: string | null
}
const STATUSES = new Set(['draft', 'pending', 'shared', 'viewed', 'approved', 'rejected'])

type Page = { rows: Row[]; total: number }
const countOf = (counted: { total: number }[]) => Number(counted[0]?.total ?? 0)

/** No search: the page (a sort-index walk) and the count (index-only) run side by side. */
async function browsePage(deps: EstimatesDeps, orgId: string, q: EstimateListQuery): Promise<Page> {
  const sql = listEstimatesSql(orgId, q)
  const [rows, counted] = await Promise.all([deps.prisma.$queryRaw<Row[]>(sql.page), deps.prisma.$queryRaw<{ total: number }[]>(sql.count)])
  return { rows, total: countOf(counted) }
}

/** A search: the count first, because how many rows match decides how to read the page. */
async function searchPage(deps: EstimatesDeps, orgId: string, q: EstimateListQuery): Promise<Page> {
  const sql = listEstimatesSql(orgId, q)
  const total = countOf(await deps.prisma.$queryRaw<{ total: number }[]>(sql.count))
  if (total === 0 || (q.page - 1) * q.limit >= total) return { rows: [], total }
  const rows = await deps.prisma.$queryRaw<Row[]>(readsAllMatches(total, q) ? sql.pageFromMatches : sql.page)
  return { rows, total }
}

/** One page of the organisation's live estimates with search, filters and sorting (spec 000 §2). */
export async function listEstimates(deps: EstimatesDeps, ctx: OrgContext, q: EstimateListQuery): Promise<z.infer<typeof ZEstimateListResponse>> {
  const { rows, total } = q.search ? await searchPage(deps, ctx.orgId, q) : await browsePage(deps, ctx.orgId, q)
  return {
    estimates: rows.map((r) => ({
      id: r.id, projectName: r.project_name, clientName: r.client_name, propertyAddress: r.property_address,
      updatedAt: r.updated_at.toISOString(), createdAt: r.created_at.toISOString(),
      totalCost: r.total_cost_text === null ? null : money(r.total_cost_text),
      status: (STATUSES.has(r.status) ? r.status : 'draft') as 'draft',
      aiSummary: r.ai_summary, projectTypeId: r.project_type_id,
      shareToken: r.token_ciphertext ? deps.shareTokens.decrypt(r.token_ciphertext) : null,
    })),
    total,
    totalPages: Math.ceil(total / q.limit),
  }
}
