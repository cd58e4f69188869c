import { badRequest } from '@plumbline/service-kit'
import type { ZEstimateListQuery } from '@plumbline/contracts'
import type { z } from 'zod'
import { Prisma } from '../generated/prisma/client.js'
import { isUuid } from './db.js'

export type EstimateListQuery = z.output<typeof ZEstimateListQuery>

// The list's SQL, built only from fixed fragments and bound parameters (never user text in the
// SQL string). Shapes chosen so PostgreSQL can use the indexes on 100,000 rows of one org:
// - every query filters organization_id first (all estimates indexes start with it);
// - search is a LIKE of the lower-cased text over the stored generated column search_text
//   (lower(project_name || ' ' || client_name || ' ' || property_address)) and its GIN trigram
//   index estimates_search_text_trgm_idx;
// - each sort column has an (organization_id, column) index, so a page is an ordered index scan
//   that stops after LIMIT rows;
// - the count is an index-only scan of estimates_list_count_idx (organization_id, deleted_at,
//   status, project_type_id, created_at), or the trigram index when searching.
// test/integration/list-explain.test.ts EXPLAINs these exact queries on 20,000 rows of one org.

const SORT_COLUMNS = {
  updatedAt: Prisma.raw('updated_at'),
  createdAt: Prisma.raw('created_at'),
  totalCost: Prisma.raw('total_cost'),
  projectName: Prisma.raw('project_name'),
  clientName: Prisma.raw('client_name'),
} as const

/** LIKE pattern for a literal substring: %, _ and \ in the user's text match themselves. */
export const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

function dayStart(day: string, field: string): Date {
  const d = new Date(`${day}T00:00:00.000Z`)
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== day) throw badRequest(`${field}: Not a valid date`, [{ field, message: 'Not a valid date' }])
  return d
}

export function listWhere(orgId: string, q: EstimateListQuery): Prisma.Sql {
  const parts: Prisma.Sql[] = [Prisma.sql`organization_id = ${orgId}`, Prisma.sql`deleted_at IS NULL`]
  if (q.search) parts.push(Prisma.sql`search_text LIKE ${containsPattern(q.search)}`)
  if (q.status && q.status !== 'all') parts.push(Prisma.sql`status = ${q.status}`)
  if (q.projectTypeId && q.projectTypeId !== 'all') {
    // An id that is not a UUID names no project type: an empty result, not an error.
    parts.push(isUuid(q.projectTypeId) ? Prisma.sql`project_type_id = ${q.projectTypeId}::uuid` : Prisma.sql`false`)
  }
  // Inclusive by day (UTC): createdAt on startDate from 00:00, on endDate until 24:00.
  if (q.startDate) parts.push(Prisma.sql`created_at >= ${dayStart(q.startDate, 'startDate')}`)
  if (q.endDate) parts.push(Prisma.sql`created_at < ${new Date(dayStart(q.endDate, 'endDate').getTime() + 86_400_000)}`)
  return Prisma.join(parts, ' AND ')
}

export function listOrderBy(q: EstimateListQuery): Prisma.Sql {
  const column = SORT_COLUMNS[q.sortBy]
  const dir = q.sortOrder === 'asc' ? Prisma.raw('ASC') : Prisma.raw('DESC')
  // PostgreSQL's default null placement (last ascending, first descending) matches the indexes'.
  return Prisma.sql`ORDER BY ${column} ${dir}, id ${dir}`
}

const PAGE_COLUMNS = Prisma.sql`e.id, e.project_name, e.client_name, e.property_address, e.updated_at, e.created_at, e.total_cost::text AS total_cost_text,
             e.status, e.ai_summary, e.project_type_id, s.token_ciphertext`

/**
 * The queries the repository runs: the count, and a page read one of two ways.
 * - `page` walks the sort column's index and stops after LIMIT matching rows: right when no
 *   search is given or when matches are dense.
 * - `pageFromMatches` first collects every match through the trigram (and filter) bitmaps, then
 *   sorts them: right when a search matches few rows. Walking the sort index would then visit
 *   the whole organisation to find them (100,000 rows for a term with no match), and the
 *   planner cannot know that in advance. listEstimates picks one from the count.
 */
export function listEstimatesSql(orgId: string, q: EstimateListQuery): { page: Prisma.Sql; pageFromMatches: Prisma.Sql; count: Prisma.Sql } {
  const where = listWhere(orgId, q)
  const offset = (q.page - 1) * q.limit
  const order = listOrderBy(q)
  return {
    page: Prisma.sql`
      SELECT ${PAGE_COLUMNS}
      FROM (SELECT * FROM estimates WHERE ${where} ${order} LIMIT ${q.limit} OFFSET ${offset}) e
      LEFT JOIN share_links s ON s.estimate_id = e.id AND s.revoked_at IS NULL
      ${order}`,
    pageFromMatches: Prisma.sql`
      WITH matches AS MATERIALIZED (SELECT * FROM estimates WHERE ${where})
      SELECT ${PAGE_COLUMNS}
      FROM (SELECT * FROM matches ${order} LIMIT ${q.limit} OFFSET ${offset}) e
      LEFT JOIN share_links s ON s.estimate_id = e.id AND s.revoked_at IS NULL
      ${order}`,
    count: Prisma.sql`SELECT count(*)::int AS total FROM estimates WHERE ${where}`,
  }
}

/** Up to this many matches, sorting all of them is cheaper than walking a sort index to find them. */
export const FEW_MATCHES = 2000

/** Which page query suits a search with `total` matches (see listEstimatesSql). */
export function readsAllMatches(total: number, q: EstimateListQuery): boolean {
  const needed = q.page * q.limit
  // Dense matches fill a page after a short index walk; sparse ones, or a page deep into them, do not.
  return total <= FEW_MATCHES || needed > total / 4
}
