import { moneyText, type ZEstimateListResponse } from '@plumbline/contracts'
import type { OrgContext } from '@plumbline/service-kit'
import type { z } from 'zod'
import { type EstimateListQuery, type ListPage, matchKeyParts, readListPage, readPageVersion } from '../data/list-estimates-query.js'
import type { ListAnswer } from '../data/list-pages.js'
import type { EstimatesDeps } from '../deps.js'

const STATUSES = new Set(['draft', 'pending', 'shared', 'viewed', 'approved', 'rejected'])

/** Every field of the query that shapes the answer: what matches, then which page of it. */
const listPageKey = (orgId: string, q: EstimateListQuery) => JSON.stringify([...matchKeyParts(orgId, q), q.sortBy, q.sortOrder, q.page, q.limit])

/**
 * One page of the organisation's live estimates with search, filters and sorting (spec 000 §2),
 * as JSON bytes with the page version they were read at. The answer of a page read at the current
 * version is served again: one read of the version instead of the page and its count, and the
 * same bytes (and gzip) as before. The version is read first and the page after it, so a page
 * remembered under a version is never older than it: a write in between moves the version and
 * the next read misses.
 */
export async function listEstimates(deps: EstimatesDeps, ctx: OrgContext, q: EstimateListQuery): Promise<ListAnswer> {
  const key = listPageKey(ctx.orgId, q)
  const version = await readPageVersion(deps.queryRows, ctx.orgId)
  const held = deps.listPages.get(key)
  if (held?.version === version) return { key, ...held }
  const page = await readListPage(deps.queryRows, ctx.orgId, q, deps.searchTotals)
  const answer = { version, value: { body: Buffer.from(JSON.stringify(listResponse(deps, page, q))) } }
  deps.listPages.set(key, answer)
  return { key, ...answer }
}

function listResponse(deps: EstimatesDeps, { rows, total }: ListPage, q: EstimateListQuery): z.infer<typeof ZEstimateListResponse> {
  return {
    estimates: rows.map((r) => ({
      id: r.id,
      projectName: r.project_name,
      clientName: r.client_name,
      propertyAddress: r.property_address,
      updatedAt: r.updated_at.toISOString(),
      createdAt: r.created_at.toISOString(),
      totalCost: r.total_cost_text === null ? null : moneyText(r.total_cost_text),
      status: (STATUSES.has(r.status) ? r.status : 'draft') as 'draft',
      aiSummary: r.ai_summary,
      projectTypeId: r.project_type_id,
      shareToken: r.token_ciphertext ? deps.shareTokens.decrypt(r.token_ciphertext) : null,
    })),
    total,
    totalPages: Math.ceil(total / q.limit),
  }
}
