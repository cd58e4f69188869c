import http from 'node:http'
import { gunzipSync } from 'node:zlib'
import { ZEstimateListQuery, ZEstimateListResponse } from '@plumbline/contracts'
import { type Api, claimsFor, identityHeaders, seededRandom } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunSql } from '../../src/data/db.js'
import { type KnownTotal, listEstimatesSql, readListPage } from '../../src/data/list-estimates-query.js'
import { heldSections, type SectionsDocument, sectionsDocumentFrom, withGzip } from '../../src/data/sections-document.js'
import { readSections } from '../../src/data/sections-repo.js'
import { createVersionedMemo, type Versioned } from '../../src/data/versioned-memo.js'
import type { Prisma } from '../../src/generated/prisma/client.js'
import {
  createEstimate,
  type EstimatesTestService,
  estimatePayload,
  newOrgId,
  REMODELING,
  ROOFING,
  startEstimatesTestService,
} from '../support/estimates-test-service.js'

// Searches' totals and sections documents are remembered by a version that triggers move in
// the writer's transaction (migration …_list_and_sections_versions). Whatever changes, through
// the API or straight in SQL, what the API answers must equal what a fresh read answers.

let svc: EstimatesTestService

beforeAll(async () => {
  svc = await startEstimatesTestService()
})
afterAll(async () => {
  await svc?.close()
})

const WORDS = ['Kitchen', 'Roof', 'Deck', 'Bath'] as const
const SEARCHES: Record<string, string>[] = [
  { search: 'kitchen' },
  { search: 'kitchen', status: 'pending', sortBy: 'totalCost', sortOrder: 'asc' },
  { search: 'roof', projectTypeId: ROOFING, limit: '10', page: '2' },
  { search: 'oak', sortBy: 'projectName', sortOrder: 'asc', limit: '10' },
  { search: 'deck', startDate: '2000-01-01', endDate: '2025-06-30' },
  { search: 'bath', page: '50' },
]

type Listed = { ids: string[]; total: number }

async function listed(api: Api, query: Record<string, string>): Promise<Listed> {
  const res = await api('GET', `/estimates?${new URLSearchParams(query)}`)
  expect(res.status, res.text).toBe(200)
  const body = ZEstimateListResponse.parse(res.body)
  return { ids: body.estimates.map((e) => e.id), total: body.total }
}

/** The same list read anew: nothing remembered. */
async function fresh(orgId: string, query: Record<string, string>): Promise<Listed> {
  const page = await readListPage((sql) => svc.deps.prisma.$queryRaw(sql), orgId, ZEstimateListQuery.parse(query))
  return { ids: page.rows.map((r) => r.id), total: page.total }
}

async function expectSearchesFresh(orgId: string, step: string) {
  for (const query of SEARCHES) expect(await listed(svc.as(orgId), query), `${step}: ${JSON.stringify(query)}`).toEqual(await fresh(orgId, query))
}

/** `count` estimates named '<word> bulk N' written in one statement (the list version moves once). */
async function manyEstimates(orgId: string, word: string, count: number) {
  await svc.deps.prisma.$executeRaw`
    INSERT INTO estimates (id, organization_id, created_by, project_type_id, project_name, client_name, client_email, property_address, total_cost, status, updated_at)
    SELECT gen_random_uuid(), ${orgId}, 'test', ${ROOFING}::uuid, ${word} || ' bulk ' || g, 'Bulk Client', 'bulk@example.com', g || ' Elm St, Austin, TX 78701',
           g, (ARRAY['draft','pending','rejected'])[1 + g % 3], now() - (g || ' minutes')::interval
    FROM generate_series(1, ${count}::int) g`
}

describe('remembered search totals', () => {
  it('follow creates, renames, status and type changes, deletes, restores and SQL writes', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const random = seededRandom(20261124)
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!
    const name = () => `${pick(WORDS)} job ${Math.floor(random() * 1000)}`
    const address = () => `${Math.floor(random() * 90) + 1} ${pick(['Oak', 'Pine'])} St, Austin, TX 78701`
    const live: string[] = []
    for (let i = 0; i < 12; i++)
      live.push((await createEstimate(api, { projectName: name(), propertyAddress: address(), projectTypeId: pick([ROOFING, REMODELING]) })).id)
    // Enough decks that their search remembers a total without ids and walks the sort index.
    await manyEstimates(orgId, 'Deck', 600)
    await expectSearchesFresh(orgId, 'start')
    for (let step = 0; step < 36; step++) {
      const roll = random()
      const id = pick(live)
      if (roll < 0.2) {
        live.push((await createEstimate(api, { projectName: name(), propertyAddress: address() })).id)
      } else if (roll < 0.35) {
        const res = await api(
          'PUT',
          `/estimates/${id}`,
          estimatePayload({ projectName: name(), propertyAddress: address(), projectTypeId: pick([ROOFING, REMODELING]) }),
        )
        expect([200, 409], res.text).toContain(res.status) // 409: approved estimates are locked
      } else if (roll < 0.5) {
        expect((await api('PATCH', `/estimates/${id}/status`, { status: pick(['draft', 'pending', 'rejected']) })).status).toBe(200)
      } else if (roll < 0.6) {
        live.splice(live.indexOf(id), 1)
        expect((await api('DELETE', `/estimates/${id}`)).status).toBe(204)
      } else if (roll < 0.7) {
        await svc.deps.prisma.$executeRaw`UPDATE estimates SET project_name = ${name()} WHERE id = ${id}::uuid`
      } else if (roll < 0.8) {
        await svc.deps.prisma.$executeRaw`UPDATE estimates SET created_at = created_at - interval '3 years' WHERE id = ${id}::uuid`
      } else if (roll < 0.9) {
        await svc.deps.prisma.$executeRaw`UPDATE estimates SET deleted_at = now() WHERE id = ${id}::uuid`
        await expectSearchesFresh(orgId, `step ${step} (soft-deleted)`)
        await svc.deps.prisma.$executeRaw`UPDATE estimates SET deleted_at = NULL WHERE id = ${id}::uuid`
      } else {
        live.splice(live.indexOf(id), 1)
        await svc.deps.prisma.$executeRaw`DELETE FROM estimates WHERE id = ${id}::uuid`
      }
      await expectSearchesFresh(orgId, `step ${step}`)
    }
    // Another organisation's writes leave these lists as they are, and never show in them.
    await createEstimate(svc.as(newOrgId()), { projectName: 'Kitchen elsewhere' })
    await expectSearchesFresh(orgId, 'after another organisation wrote')
  }, 120_000)

  it('stay exact when many writers create and search at once', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    await Promise.all(
      Array.from({ length: 16 }, async (_, i) => {
        await createEstimate(api, { projectName: `Kitchen remodel ${i}` })
        await listed(api, { search: 'kitchen' })
      }),
    )
    expect(await listed(api, { search: 'kitchen' })).toEqual(await fresh(orgId, { search: 'kitchen' }))
    expect((await listed(api, { search: 'kitchen' })).total).toBe(16)
  }, 60_000)

  it('are counted once per version: a repeat reads only the page (or nothing past the last match)', async () => {
    const orgId = newOrgId()
    for (let i = 0; i < 30; i++) await createEstimate(svc.as(orgId), { projectName: i % 2 ? `Kitchen ${i}` : `Roof ${i}` })
    const statements: string[] = []
    const run: RunSql = async <T>(sql: Prisma.Sql) => {
      statements.push(sql.text)
      return svc.deps.queryRows<T>(sql)
    }
    const totals = createVersionedMemo<KnownTotal>({ maxEntries: 10 })
    const q = ZEstimateListQuery.parse({ search: 'kitchen', limit: '10' })
    const sql = listEstimatesSql(orgId, q)
    const idsAndTotal = ({ rows, total }: { rows: { id: string }[]; total: number }) => ({ ids: rows.map((r) => r.id), total })
    const first = idsAndTotal(await readListPage(run, orgId, q, totals))
    expect(idsAndTotal(await readListPage(run, orgId, q, totals))).toEqual(first)
    expect(first.total).toBe(15)
    expect(first.ids).toHaveLength(10)
    // 15 matches: remembered by id, the page is sorted from them.
    expect(statements).toEqual([sql.searched.text, sql.pageOfMatches([]).text])

    statements.length = 0
    const pastTheEnd = ZEstimateListQuery.parse({ search: 'kitchen', limit: '10', page: '3' })
    await readListPage(run, orgId, pastTheEnd, totals)
    expect(await readListPage(run, orgId, pastTheEnd, totals)).toEqual({ rows: [], total: 15 })
    expect(statements.slice(1)).toEqual([sql.version.text])

    // A rename moves the version: the next read counts anew.
    statements.length = 0
    await svc.deps.prisma.$executeRaw`UPDATE estimates SET project_name = 'Kitchen extra' WHERE organization_id = ${orgId} AND project_name = 'Roof 0'`
    expect((await readListPage(run, orgId, q, totals)).total).toBe(16)
    expect(statements).toEqual([sql.pageOfMatches([]).text, sql.searched.text])

    // Many matches: remembered without ids, the page walks the sort index.
    await manyEstimates(orgId, 'Kitchen', 600)
    statements.length = 0
    expect((await readListPage(run, orgId, q, totals)).total).toBe(616)
    expect(idsAndTotal(await readListPage(run, orgId, q, totals))).toEqual(await fresh(orgId, { search: 'kitchen', limit: '10' }))
    expect(statements).toEqual([sql.pageOfMatches([]).text, sql.searched.text, sql.pageAtVersion.text])

    // A change to a sort key only (updated_at, total_cost) leaves the version where it was.
    statements.length = 0
    await svc.deps.prisma.$executeRaw`UPDATE estimates SET total_cost = total_cost + 1, updated_at = now() WHERE organization_id = ${orgId}`
    expect((await readListPage(run, orgId, q, totals)).total).toBe(616)
    expect(statements).toEqual([sql.pageAtVersion.text])
  })
})

type RawAnswer = { status: number; encoding?: string; vary?: string; body: Buffer }

/**
 * GET the sections with exactly these headers, as a browser's own cache revalidation or
 * content negotiation sends them (fetch would add Accept-Encoding, and Cache-Control: no-cache
 * to a conditional request), and the bytes as they came.
 */
async function rawSections(orgId: string, estimateId: string, headers: Record<string, string>): Promise<RawAnswer> {
  const all = { ...(await identityHeaders(claimsFor(orgId))), ...headers }
  return new Promise((resolve, reject) => {
    http
      .get(`${svc.base}/organizations/${orgId}/estimates/${estimateId}/sections`, { headers: all }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({ status: res.statusCode!, encoding: res.headers['content-encoding'], vary: res.headers.vary, body: Buffer.concat(chunks) }),
        )
      })
      .on('error', reject)
  })
}

describe('remembered sections documents', () => {
  const sectionsOf = async (api: Api, estimateId: string) => {
    const res = await api('GET', `/estimates/${estimateId}/sections`)
    return { status: res.status, body: res.text }
  }
  /** The document built from scratch, without anything remembered. */
  const freshSections = async (orgId: string, estimateId: string) => {
    const read = await readSections(svc.deps.queryRows, orgId, estimateId)
    return read && sectionsDocumentFrom(read).body.toString()
  }

  it('follow edits through the API and in SQL, and stop at deletion and at other organisations', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const e = await createEstimate(api)
    const expectFresh = async (step: string) => {
      const read = await sectionsOf(api, e.id)
      expect(read.status, step).toBe(200)
      expect(read.body, step).toBe(await freshSections(orgId, e.id))
    }
    await expectFresh('no sections')
    const section = (await api('POST', `/estimates/${e.id}/sections`, { name: 'Roofing' })).body
    await expectFresh('a section')
    const created = await api('POST', `/sections/${section.id}/line-items`, { name: 'Shingles', quantity: '10', unit: 'sqft', unitCost: '95.00' })
    expect(created.status, created.text).toBe(201)
    const item = created.body
    await expectFresh('a line item')
    await expectFresh('read again')
    expect((await api('PUT', `/line-items/${item.id}`, { name: 'Shingles', quantity: '12', unit: 'sqft', unitCost: '95.00' })).status).toBe(200)
    expect(JSON.parse((await sectionsOf(api, e.id)).body)[0].lineItems[0].totalCost).toBe('1140.00')
    await expectFresh('an updated line item')
    await svc.deps.prisma.$executeRaw`UPDATE line_items SET name = 'Ridge cap' WHERE id = ${item.id}::uuid`
    expect(JSON.parse((await sectionsOf(api, e.id)).body)[0].lineItems[0].name).toBe('Ridge cap')
    await svc.deps.prisma.$executeRaw`UPDATE sections SET name = 'Roof' WHERE id = ${section.id}::uuid`
    expect(JSON.parse((await sectionsOf(api, e.id)).body)[0].name).toBe('Roof')
    await svc.deps.prisma.$executeRaw`DELETE FROM line_items WHERE id = ${item.id}::uuid`
    expect(JSON.parse((await sectionsOf(api, e.id)).body)[0].lineItems).toEqual([])
    await expectFresh('after SQL writes')

    // Remembered or not, another organisation gets 404, and so does anyone once it is deleted.
    expect((await sectionsOf(svc.as(newOrgId()), e.id)).status).toBe(404)
    expect((await api('DELETE', `/estimates/${e.id}`)).status).toBe(204)
    expect((await sectionsOf(api, e.id)).status).toBe(404)
    await svc.deps.prisma.$executeRaw`UPDATE estimates SET deleted_at = NULL WHERE id = ${e.id}::uuid`
    await expectFresh('restored')
    await svc.deps.prisma.$executeRaw`DELETE FROM estimates WHERE id = ${e.id}::uuid`
    expect((await sectionsOf(api, e.id)).status).toBe(404)
  })

  it('rebuild only the sections a change touched, and stay equal to a fresh document, gzipped too', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const e = await createEstimate(api)
    const sectionIds: string[] = []
    for (const name of ['Demolition', 'Framing', 'Roofing']) sectionIds.push((await api('POST', `/estimates/${e.id}/sections`, { name })).body.id)
    const [a, b, c] = sectionIds
    await svc.deps.prisma.$executeRaw`
      INSERT INTO line_items (id, section_id, estimate_id, organization_id, name, quantity, unit, unit_cost, total_cost, sort_order, updated_at)
      SELECT gen_random_uuid(), s.id, s.estimate_id, s.organization_id, s.name || ' item ' || i, 2, 'each', 10, 20, i, now()
      FROM sections s, generate_series(0, 14) i WHERE s.estimate_id = ${e.id}::uuid`
    const run = svc.deps.queryRows
    let held: Versioned<SectionsDocument> | undefined
    /** Reads as the route does from what it holds; answers the ids of the sections PostgreSQL built. */
    const readAgain = async (step: string) => {
      const read = (await readSections(run, orgId, e.id, held && heldSections(held)))!
      const value = held?.version === read.version ? held.value : sectionsDocumentFrom(read, held ? await withGzip(held.value) : undefined)
      held = { version: read.version, value: await withGzip(value) }
      expect(held.value.body.toString(), step).toBe(await freshSections(orgId, e.id))
      expect(gunzipSync(held.value.gzip!).toString(), step).toBe(held.value.body.toString())
      return read.sections.filter((s) => s.json !== null).map((s) => s.id)
    }
    expect(await readAgain('first read')).toEqual([a, b, c])
    expect(await readAgain('unchanged')).toEqual([])
    const itemOf = async (sectionId: string) =>
      (await svc.deps.prisma.$queryRaw<{ id: string }[]>`SELECT id FROM line_items WHERE section_id = ${sectionId}::uuid LIMIT 1`)[0].id
    const itemOfB = await itemOf(b)
    const edited = await api('PUT', `/line-items/${itemOfB}`, { name: 'Studs', quantity: '3', unit: 'each', unitCost: '10.00' })
    expect(edited.status, edited.text).toBe(200)
    expect(await readAgain('a line item edited')).toEqual([b])
    await svc.deps.prisma.$executeRaw`UPDATE line_items SET section_id = ${c}::uuid WHERE id = ${await itemOf(a)}::uuid`
    expect((await readAgain('a line item moved')).sort()).toEqual([a, c].sort())
    await svc.deps.prisma.$executeRaw`UPDATE sections SET sort_order = 9 WHERE id = ${a}::uuid`
    expect(await readAgain('a section moved to the end')).toEqual([a])
    expect(JSON.parse(held!.value.body.toString()).map((s: { id: string }) => s.id)).toEqual([b, c, a])
    await svc.deps.prisma.$executeRaw`DELETE FROM line_items WHERE id = ${itemOfB}::uuid`
    expect(await readAgain('a line item deleted')).toEqual([b])
    await svc.deps.prisma.$executeRaw`DELETE FROM sections WHERE id = ${c}::uuid`
    expect(await readAgain('a section deleted')).toEqual([])
    expect(JSON.parse(held!.value.body.toString()).map((s: { id: string }) => s.id)).toEqual([b, a])
    await svc.deps.prisma.$executeRaw`TRUNCATE line_items`
    expect((await readAgain('line items truncated')).sort()).toEqual([a, b].sort())
  })

  it('are named by an ETag that changes with every edit and answers 304 while unchanged', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const e = await createEstimate(api)
    const section = (await api('POST', `/estimates/${e.id}/sections`, { name: 'Work' })).body
    const first = await api('GET', `/estimates/${e.id}/sections`)
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^W\/".+"$/)
    const revalidate = async () => {
      const answer = await rawSections(orgId, e.id, { 'if-none-match': etag })
      return { status: answer.status, body: answer.body.toString() }
    }
    expect(await revalidate()).toEqual({ status: 304, body: '' })
    await api('POST', `/sections/${section.id}/line-items`, { name: 'Labor', quantity: '2', unit: 'hours', unitCost: '50.00' })
    expect((await revalidate()).status).toBe(200)
    const changed = await api('GET', `/estimates/${e.id}/sections`)
    expect(changed.headers.get('etag')).not.toBe(etag)
    expect(changed.body[0].lineItems[0].totalCost).toBe('100.00')
  })

  it('come gzipped to a client that accepts it (once per version), and as plain JSON otherwise', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const e = await createEstimate(api)
    const section = (await api('POST', `/estimates/${e.id}/sections`, { name: 'Framing' })).body
    const get = (headers: Record<string, string>) => rawSections(orgId, e.id, headers)
    // Under 1 kB: plain JSON whatever the client accepts.
    expect((await get({ 'accept-encoding': 'gzip' })).encoding).toBeUndefined()
    for (let i = 0; i < 20; i++) await api('POST', `/sections/${section.id}/line-items`, { name: `Stud ${i}`, quantity: '10', unit: 'each', unitCost: '4.25' })
    const plain = await get({})
    expect(plain.encoding).toBeUndefined()
    expect(plain.vary).toBe('Accept-Encoding')
    for (let round = 0; round < 2; round++) {
      const zipped = await get({ 'accept-encoding': 'br;q=1, gzip;q=0.8' })
      expect(zipped.encoding).toBe('gzip')
      expect(zipped.body.length).toBeLessThan(plain.body.length / 3)
      expect(gunzipSync(zipped.body).toString()).toBe(plain.body.toString())
    }
    expect((await get({ 'accept-encoding': 'identity' })).encoding).toBeUndefined()
    // An edit: the next gzip is of the new document.
    await api('POST', `/sections/${section.id}/line-items`, { name: 'Header', quantity: '1', unit: 'each', unitCost: '80.00' })
    const after = JSON.parse(gunzipSync((await get({ 'accept-encoding': 'gzip' })).body).toString())
    expect(after[0].lineItems).toHaveLength(21)
  })

  it('end on the last write when edits and reads interleave', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const e = await createEstimate(api)
    const section = (await api('POST', `/estimates/${e.id}/sections`, { name: 'Work' })).body
    await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        expect(
          (await api('POST', `/sections/${section.id}/line-items`, { name: `Item ${i}`, quantity: '1', unit: 'each', unitCost: `${i + 1}.00` })).status,
        ).toBe(201)
        expect((await sectionsOf(api, e.id)).status).toBe(200)
      }),
    )
    const read = JSON.parse((await sectionsOf(api, e.id)).body)
    expect(read[0].lineItems).toHaveLength(12)
    expect(read[0].total).toBe('78.00')
    expect(read).toEqual(JSON.parse((await freshSections(orgId, e.id))!))
  })
})
