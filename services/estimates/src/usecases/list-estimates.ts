import type { ZEstimateListResponse } from '@plumbline/contracts'
import type { OrgContext } from '@plumbline/service-kit'
import type { z } from 'zod'
import { type EstimateListQuery, readListPage } from '../data/list-estimates-query.js'
import type { EstimatesDeps } from '../deps.js'
import { money } from '../domain/money.js'

const STATUSES = new Set(['draft', 'pending', 'shared', 'viewed', 'approved', 'rejected'])

/** One page of the organisation's live estimates with search, filters and sorting (spec 000 §2). */
export async function listEstimates(deps: EstimatesDeps, ctx: OrgContext, q: EstimateListQuery): Promise<z.infer<typeof ZEstimateListResponse>> {
  const { rows, total } = await readListPage(deps.queryRows, ctx.orgId, q, deps.searchTotals)
  return {
    estimates: rows.map((r) => ({
      id: r.id,
      projectName: r.project_name,
      clientName: r.client_name,
      propertyAddress: r.property_address,
      updatedAt: r.updated_at.toISOString(),
      createdAt: r.created_at.toISOString(),
      totalCost: r.total_cost_text === null ? null : money(r.total_cost_text),
      status: (STATUSES.has(r.status) ? r.status : 'draft') as 'draft',
      aiSummary: r.ai_summary,
      projectTypeId: r.project_type_id,
      shareToken: r.token_ciphertext ? deps.shareTokens.decrypt(r.token_ciphertext) : null,
    })),
    total,
    totalPages: Math.ceil(total / q.limit),
  }
}
