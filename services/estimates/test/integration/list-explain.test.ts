import { ZEstimateListQuery } from '@plumbline/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listEstimatesSql } from '../../src/data/list-estimates-query.js'
import { Prisma } from '../../src/generated/prisma/client.js'
import { type EstimatesTestService, REMODELING, ROOFING, startEstimatesTestService } from '../support/estimates-test-service.js'

// The list must stay fast for a large organisation: with ~20,000 estimates in one organisation
// (a quarter of a table shared with other tenants, as in production), PostgreSQL must answer
// the exact queries the repository issues through indexes, never by scanning the whole
// estimates table. VACUUM (ANALYZE) stands in for autovacuum: statistics and visibility map.

let svc: EstimatesTestService
const ORG = 'big-org'
const ROWS = 20_000

beforeAll(async () => {
  svc = await startEstimatesTestService()
  const db = svc.deps.prisma
  const words = ['Roof', 'Kitchen', 'Bath', 'Deck', 'Siding', 'Gutter', 'Basement', 'Fence', 'Window', 'Garage']
  const cities = ['Austin, TX', 'Denver, CO', 'Boston, MA', 'Phoenix, AZ', 'Seattle, WA', 'Miami, FL', 'Chicago, IL']
  await db.$executeRaw`
    INSERT INTO estimates (id, organization_id, created_by, project_type_id, project_name, client_name, client_email, property_address, total_cost, status, created_at, updated_at)
    SELECT gen_random_uuid(),
           CASE WHEN g % 4 = 0 THEN ${ORG} ELSE 'other-org-' || (g % 97) END,
           'seed',
           CASE WHEN g % 3 = 0 THEN ${REMODELING}::uuid ELSE ${ROOFING}::uuid END,
           (${words}::text[])[1 + g % 10] || ' project ' || g,
           'Client ' || md5(g::text),
           'c' || g || '@example.com',
           g || ' ' || (ARRAY['Oak','Pine','Elm','Main','Lake'])[1 + g % 5] || ' St, ' || (${cities}::text[])[1 + g % 7],
           (g % 50000)::numeric + 0.25,
           (ARRAY['draft','pending','shared','viewed','approved','rejected'])[1 + g % 6],
           now() - (g || ' minutes')::interval,
           now() - ((g * 7) % 40000 || ' minutes')::interval
    FROM generate_series(1, ${ROWS * 4}) AS g`
  await db.$executeRawUnsafe('VACUUM (ANALYZE) estimates')
}, 120_000)
afterAll(async () => {
  await svc?.close()
})

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] }
function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)]
}

async function explain(sql: Prisma.Sql): Promise<PlanNode[]> {
  const rows = await svc.deps.prisma.$queryRaw<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(Prisma.sql`EXPLAIN (FORMAT JSON) ${sql}`)
  return nodesOf(rows[0]['QUERY PLAN'][0].Plan)
}

const describePlan = (nodes: PlanNode[]) =>
  nodes.map((n) => `${n['Node Type']}${n['Relation Name'] ? ` on ${n['Relation Name']}` : ''}${n['Index Name'] ? ` using ${n['Index Name']}` : ''}`).join(' / ')

async function expectIndexed(query: Record<string, string>) {
  const q = ZEstimateListQuery.parse(query)
  const sql = listEstimatesSql(ORG, q)
  const someMatches = (await svc.deps.prisma.$queryRaw<{ id: string }[]>(sql.page)).map((r) => r.id)
  for (const [name, built] of Object.entries(sql)) {
    if (['searched', 'pageAtVersion', 'pageOfMatches'].includes(name) && !q.search) continue // only ever used for a search
    if (name === 'version') continue // estimate_list_versions alone
    const statement = typeof built === 'function' ? built(someMatches) : built
    const nodes = await explain(statement)
    const plan = describePlan(nodes)
    if (process.env.SHOW_PLANS) console.log(name, JSON.stringify(query), plan)
    if (name === 'count' && !q.search && !q.startDate && !q.endDate) {
      // Kept totals: a few rows of estimate_counts, never the estimates themselves.
      expect(
        nodes.some((n) => n['Relation Name'] === 'estimate_counts'),
        plan,
      ).toBe(true)
      expect(
        nodes.filter((n) => n['Relation Name'] === 'estimates'),
        plan,
      ).toEqual([])
      continue
    }
    const seqOnEstimates = nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'estimates')
    expect(seqOnEstimates, `${name} query of ${JSON.stringify(query)} scans estimates sequentially: ${plan}`).toEqual([])
    expect(
      nodes.some((n) => n['Relation Name'] === 'estimates' && /Index|Bitmap Heap/.test(n['Node Type'])),
      plan,
    ).toBe(true)
  }
}

describe('estimates list on a large organisation', () => {
  it('has the rows it claims', async () => {
    expect(await svc.deps.prisma.estimate.count({ where: { organizationId: ORG } })).toBeGreaterThanOrEqual(ROWS - 10)
  })

  it('plain list (default sort, first page) uses indexes', async () => {
    await expectIndexed({})
  })

  it('a date range is counted through the count index', async () => {
    await expectIndexed({ status: 'draft', startDate: '2000-01-01' })
  })

  it('search + status + project type + date range + sort uses indexes', async () => {
    await expectIndexed({
      search: 'kitchen project 12',
      status: 'pending',
      projectTypeId: REMODELING,
      startDate: '2000-01-01',
      endDate: '2100-01-01',
      sortBy: 'projectName',
      sortOrder: 'asc',
      limit: '50',
      page: '2',
    })
  })

  it('search alone and other sorts use indexes', async () => {
    await expectIndexed({ search: 'client 5d41' })
    await expectIndexed({ search: '1234 Oak' })
    await expectIndexed({ sortBy: 'totalCost', sortOrder: 'desc' })
    await expectIndexed({ sortBy: 'clientName', sortOrder: 'asc', status: 'draft' })
  })
})

describe('a search page', () => {
  it('answers the rows and order of the sort-index walk (also beside the list version) and the real count (sparse, dense, deep page, ties on the sort key)', async () => {
    const queries = [
      { search: 'bath', status: 'draft', sortBy: 'totalCost', sortOrder: 'asc', page: '2' },
      { search: 'oak st', sortBy: 'projectName', sortOrder: 'desc', limit: '50', page: '3' },
      { search: 'project 1', sortBy: 'updatedAt', page: '40', limit: '10' },
      { search: 'client', sortBy: 'clientName', sortOrder: 'asc', limit: '100' },
      { search: 'pine st', status: 'shared', sortBy: 'clientName', sortOrder: 'desc', page: '2', limit: '10' },
      { search: 'pine st', status: 'shared', page: '9999' },
      { search: 'no such words anywhere' },
    ]
    for (const query of queries) {
      const sql = listEstimatesSql(ORG, ZEstimateListQuery.parse(query))
      const walked = await svc.deps.prisma.$queryRaw<{ id: string }[]>(sql.page)
      const searched = await svc.deps.prisma.$queryRaw<{ id: string | null; total: number; match_ids: string[] | null }[]>(sql.searched)
      const atVersion = await svc.deps.prisma.$queryRaw<{ id: string | null }[]>(sql.pageAtVersion)
      const total = (await svc.deps.prisma.$queryRaw<{ total: number }[]>(sql.count))[0]!.total
      expect(searched.length, JSON.stringify(query)).toBeGreaterThan(0) // the total comes even with an empty page
      expect(
        searched.every((r) => r.total === total),
        JSON.stringify(query),
      ).toBe(true)
      expect(
        searched.map((r) => r.id).filter((id) => id !== null),
        JSON.stringify(query),
      ).toEqual(walked.map((r) => r.id))
      expect(
        atVersion.map((r) => r.id).filter((id) => id !== null),
        JSON.stringify(query),
      ).toEqual(walked.map((r) => r.id))
      // A few matches come with their ids (on the first row only), and their page sorts the same.
      const ids = searched[0]!.match_ids
      expect(ids === null, JSON.stringify(query)).toBe(total > 500)
      expect(searched.slice(1).every((r) => r.match_ids === null)).toBe(true)
      if (ids) {
        expect(ids).toHaveLength(total)
        const fromIds = await svc.deps.prisma.$queryRaw<{ id: string | null }[]>(sql.pageOfMatches(ids))
        expect(
          fromIds.map((r) => r.id).filter((id) => id !== null),
          JSON.stringify(query),
        ).toEqual(walked.map((r) => r.id))
      }
    }
  })
})
