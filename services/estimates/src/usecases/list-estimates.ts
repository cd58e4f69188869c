import type { z } from 'zod'
import type { ZEstimateListResponse } from '@plumbline/contracts'
import type { EstimatesDeps } from '../deps.js'
import { listEstimatesSql, type EstimateListQuery } from '../data/list-estimates-query.js'
import { money } from '../domain/money.js'
import type { OrgContext } from '../http/context.js'

type Row = {
  id: string; project_name: string; client_name: string; property_address: string; updated_at: Date; created_at: Date
  total_cost_text: string | null; status: string; ai_summary: string | null; project_type_id: string | null; token_ciphertext: string | null
}
const STATUSES = new Set(['draft', 'pending', 'shared', 'viewed', 'approved', 'rejected'])

/** One page of the organisation's live estimates with search, filters and sorting (spec 000 §2). */
export async function listEstimates(deps: EstimatesDeps, ctx: OrgContext, q: EstimateListQuery): Promise<z.infer<typeof ZEstimateListResponse>> {
  const sql = listEstimatesSql(ctx.orgId, q)
  const [rows, counted] = await Promise.all([
    deps.prisma.$queryRaw<Row[]>(sql.page),
    deps.prisma.$queryRaw<{ total: number }[]>(sql.count),
  ])
  const total = Number(counted[0]?.total ?? 0)
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
