import type { ZEstimateListQuery } from '@plumbline/contracts'
import { badRequest, isUuid } from '@plumbline/service-kit'
import type { z } from 'zod'
import { Prisma } from '../generated/prisma/client.js'
import type { RunSql } from './db.js'
import type { Versioned, VersionedMemo } from './versioned-memo.js'

export type EstimateListQuery = z.output<typeof ZEstimateListQuery>

// The list's SQL, built only from fixed fragments and bound parameters (never user text in the
// SQL string). Shapes chosen so PostgreSQL can use the indexes on 100,000 rows of one org:
// - every query filters organization_id first (all estimates indexes start with it);
// - search is a LIKE of the lower-cased text over the stored generated column search_text
//   (lower(project_name || ' ' || client_name || ' ' || property_address)) and its GIN trigram
//   index estimates_search_text_trgm_idx;
// - each sort column has an (organization_id, column) index, so a page is an ordered index scan
//   that stops after LIMIT rows;
// - the count without search or dates sums a few rows of estimate_counts (kept by a trigger);
//   with dates it is an index-only scan of estimates_list_count_idx (organization_id,
//   deleted_at, status, project_type_id, created_at); with a search, the matches themselves.
// test/integration/list-explain.test.ts EXPLAINs these exact queries on 20,000 rows of one org.

const SORT_COLUMNS = {
  updatedAt: 'updated_at',
  createdAt: 'created_at',
  totalCost: 'total_cost',
  projectName: 'project_name',
  clientName: 'client_name',
} as const

/** Rows a sort-index walk may visit to fill a page before collecting the matches is cheaper. */
const WALK_BUDGET = 5_000
/** Up to this many matches, their ids are remembered with the total (about 40 bytes each). */
const REMEMBERED_IDS = 500

/** LIKE pattern for a literal substring: %, _ and \ in the user's text match themselves. */
export const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

function dayStart(day: string, field: string): Date {
  const d = new Date(`${day}T00:00:00.000Z`)
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== day)
    throw badRequest(`${field}: Not a valid date`, [{ field, message: 'Not a valid date' }])
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
  const column = Prisma.raw(SORT_COLUMNS[q.sortBy])
  const dir = q.sortOrder === 'asc' ? Prisma.raw('ASC') : Prisma.raw('DESC')
  // PostgreSQL's default null placement (last ascending, first descending) matches the indexes'.
  return Prisma.sql`ORDER BY ${column} ${dir}, id ${dir}`
}

const PAGE_COLUMNS = Prisma.sql`e.id, e.project_name, e.client_name, e.property_address, e.updated_at, e.created_at, e.total_cost::text AS total_cost_text,
             e.status, e.ai_summary, e.project_type_id, s.token_ciphertext`

/** The organisation's page version (see EstimatePageVersion in the schema) as text: a bigint sum. */
export async function readPageVersion(run: RunSql, orgId: string): Promise<string> {
  const [row] = await run<{ version: string }>(
    Prisma.sql`SELECT coalesce(sum(version), 0)::text AS version FROM estimate_page_versions WHERE organization_id = ${orgId}`,
  )
  return row?.version ?? '0'
}

/** The organisation's list version (see EstimateListVersion in the schema) as text: a bigint sum. */
const listVersion = (orgId: string) =>
  Prisma.sql`SELECT coalesce(sum(version), 0)::text AS version FROM estimate_list_versions WHERE organization_id = ${orgId}`

/**
 * The queries the repository runs.
 * - `page` walks the sort column's index and stops after LIMIT matching rows (no search).
 * - `count` sums estimate_counts, or counts the rows when dates limit the list.
 * - `searched` answers a search in one query: every match (id and sort key only) through the
 *   trigram and filter bitmaps, their count, and the page sorted from them, in each row (one
 *   row with a null id when the page is empty), with the list version and the organisation's
 *   live estimates read in the same snapshot. An exact total needs every match anyway; with
 *   them in hand, sorting is cheaper than walking a sort index, which for a rare term would
 *   visit the whole organisation to find a handful of rows.
 * - `pageAtVersion` is `page` with a search, beside the list version: used once the search's
 *   total is known at a version and walking the sort index is known to be cheap.
 * - `version` is the list version alone: a known total of zero (or a page past the end) needs
 *   nothing else.
 * - `pageOfMatches` sorts the page from a few known matches (their ids), beside the version:
 *   the matches of a rare term whose trigrams are common (a client's name) cost the GIN index
 *   a walk through long posting lists every time, and cannot change while the version holds.
 */
export type ListSql = ReturnType<typeof listEstimatesSql>

export function listEstimatesSql(orgId: string, q: EstimateListQuery) {
  const where = listWhere(orgId, q)
  const offset = (q.page - 1) * q.limit
  const order = listOrderBy(q)
  const dir = Prisma.raw(q.sortOrder === 'asc' ? 'ASC' : 'DESC')
  const pageRows = Prisma.sql`SELECT * FROM estimates WHERE ${where} ${order} LIMIT ${q.limit} OFFSET ${offset}`
  return {
    page: Prisma.sql`
      SELECT ${PAGE_COLUMNS}
      FROM (${pageRows}) e
      LEFT JOIN share_links s ON s.estimate_id = e.id AND s.revoked_at IS NULL
      ${order}`,
    count: countsServe(q)
      ? Prisma.sql`SELECT coalesce(sum(n), 0)::int AS total FROM estimate_counts WHERE ${countsWhere(orgId, q)}`
      : Prisma.sql`SELECT count(*)::int AS total FROM estimates WHERE ${where}`,
    searched: Prisma.sql`
      WITH matches AS MATERIALIZED (SELECT id, ${Prisma.raw(SORT_COLUMNS[q.sortBy])} AS sort_key FROM estimates WHERE ${where}),
           counted AS (SELECT count(*)::int AS total FROM matches),
           page AS (SELECT id, sort_key FROM matches ORDER BY sort_key ${dir}, id ${dir} LIMIT ${q.limit} OFFSET ${offset})
      SELECT c.total, v.version, (SELECT coalesce(sum(n), 0)::int FROM estimate_counts WHERE organization_id = ${orgId}) AS org_live,
             CASE WHEN c.total <= ${REMEMBERED_IDS} AND row_number() OVER (ORDER BY p.sort_key ${dir}, p.id ${dir}) = 1
                  THEN coalesce((SELECT array_agg(id::text) FROM matches), '{}') END AS match_ids,
             ${PAGE_COLUMNS}
      FROM counted c
      CROSS JOIN (${listVersion(orgId)}) v
      LEFT JOIN (page p JOIN estimates e ON e.id = p.id) ON true
      LEFT JOIN share_links s ON s.estimate_id = e.id AND s.revoked_at IS NULL
      ORDER BY p.sort_key ${dir}, p.id ${dir}`,
    pageAtVersion: Prisma.sql`
      SELECT v.version, ${PAGE_COLUMNS}
      FROM (${listVersion(orgId)}) v
      LEFT JOIN ((${pageRows}) e LEFT JOIN share_links s ON s.estimate_id = e.id AND s.revoked_at IS NULL) ON true
      ${order}`,
    version: listVersion(orgId),
    pageOfMatches: (ids: readonly string[]) => Prisma.sql`
      SELECT v.version, ${PAGE_COLUMNS}
      FROM (${listVersion(orgId)}) v
      LEFT JOIN ((SELECT * FROM estimates WHERE id = ANY(${ids}::uuid[]) AND ${where} ${order} LIMIT ${q.limit} OFFSET ${offset}) e
                 LEFT JOIN share_links s ON s.estimate_id = e.id AND s.revoked_at IS NULL) ON true
      ${order}`,
  }
}

/** estimate_counts knows organisation, status and project type; a search or dates need a real count. */
const countsServe = (q: EstimateListQuery) => !q.search && !q.startDate && !q.endDate

function countsWhere(orgId: string, q: EstimateListQuery): Prisma.Sql {
  const parts: Prisma.Sql[] = [Prisma.sql`organization_id = ${orgId}`]
  if (q.status && q.status !== 'all') parts.push(Prisma.sql`status = ${q.status}`)
  if (q.projectTypeId && q.projectTypeId !== 'all')
    parts.push(isUuid(q.projectTypeId) ? Prisma.sql`project_type_id = ${q.projectTypeId}::uuid` : Prisma.sql`false`)
  return Prisma.join(parts, ' AND ')
}

export type ListRow = {
  id: string
  project_name: string
  client_name: string
  property_address: string
  updated_at: Date
  created_at: Date
  total_cost_text: string | null
  status: string
  ai_summary: string | null
  project_type_id: string | null
  token_ciphertext: string | null
}
export type ListPage = { rows: ListRow[]; total: number }

const countOf = (counted: { total: number }[]) => Number(counted[0]?.total ?? 0)

/** No search: the page (a sort-index walk) and the count run side by side. */
async function browsePage(run: RunSql, orgId: string, q: EstimateListQuery): Promise<ListPage> {
  const sql = listEstimatesSql(orgId, q)
  const [rows, counted] = await Promise.all([run<ListRow>(sql.page), run<{ total: number }>(sql.count)])
  return { rows, total: countOf(counted) }
}

/**
 * A search's total, remembered at the list version it was counted at, with the organisation's
 * live estimates then (unchanged while the version is: creating and deleting move it).
 */
export type KnownTotal = { total: number; orgLive: number; ids?: string[] }
export type SearchTotals = VersionedMemo<KnownTotal>

export const knownTotalBytes = (known: KnownTotal) => 64 + (known.ids?.length ?? 0) * 40

/** The fields that decide which estimates match, in a fixed order: what a remembered search total (and, with the page's fields, a remembered page) is keyed by. */
export const matchKeyParts = (orgId: string, q: EstimateListQuery) => [
  orgId,
  q.search || '',
  q.status ?? 'all',
  q.projectTypeId ?? 'all',
  q.startDate ?? '',
  q.endDate ?? '',
]

const searchKey = (orgId: string, q: EstimateListQuery) => JSON.stringify(matchKeyParts(orgId, q))

/**
 * A walk down the sort index meets a match about every orgLive / total rows, so filling the
 * page visits about (offset + limit) × orgLive / total rows.
 */
const walkIsCheap = (known: KnownTotal, q: EstimateListQuery) => ((q.page - 1) * q.limit + q.limit) * known.orgLive <= WALK_BUDGET * known.total

/**
 * Once the total is known at the current version, only the page is read: nothing at all past
 * the last match, a sort-index walk when matches are dense enough. Both read the version in
 * the same statement; a moved version falls back to `searched`, which counts anew.
 */
async function knownTotalPage(run: RunSql, sql: ListSql, q: EstimateListQuery, known: Versioned<KnownTotal>): Promise<ListPage | null> {
  if ((q.page - 1) * q.limit >= known.value.total) {
    const [current] = await run<{ version: string }>(sql.version)
    return current?.version === known.version ? { rows: [], total: known.value.total } : null
  }
  const statement = known.value.ids ? sql.pageOfMatches(known.value.ids) : walkIsCheap(known.value, q) ? sql.pageAtVersion : null
  if (!statement) return null
  const rows = await run<ListRow & { version: string }>(statement)
  return rows[0]?.version === known.version ? { rows: rows.filter((r) => r.id !== null), total: known.value.total } : null
}

/** A search: the remembered total and the page, or one query that brings the page and counts the total (see `searched`). */
async function searchPage(run: RunSql, orgId: string, q: EstimateListQuery, totals?: SearchTotals): Promise<ListPage> {
  const key = searchKey(orgId, q)
  const known = totals?.get(key)
  const sql = listEstimatesSql(orgId, q)
  const fast = known ? await knownTotalPage(run, sql, q, known) : null
  if (fast) return fast
  const rows = await run<ListRow & { total: number; version: string; org_live: number; match_ids: string[] | null }>(sql.searched)
  const total = countOf(rows)
  const ids = rows[0].match_ids ?? undefined
  totals?.set(key, { version: rows[0].version, value: { total, orgLive: Number(rows[0].org_live), ids } })
  return { rows: rows.filter((r) => r.id !== null).map(({ match_ids: _, ...row }) => row), total }
}

/**
 * One page of the organisation's live estimates and how many there are in all. `totals`
 * remembers searches' totals; pass it only with a `run` outside any transaction.
 */
export const readListPage = (run: RunSql, orgId: string, q: EstimateListQuery, totals?: SearchTotals): Promise<ListPage> =>
  q.search ? searchPage(run, orgId, q, totals) : browsePage(run, orgId, q)
