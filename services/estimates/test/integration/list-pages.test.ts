import { request } from 'node:http'
import { gunzipSync } from 'node:zlib'
import { ZEstimateListQuery } from '@plumbline/contracts'
import type { OrgContext } from '@plumbline/service-kit'
import { claimsFor, identityHeaders } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { KnownTotal } from '../../src/data/list-estimates-query.js'
import type { ListPageBody } from '../../src/data/list-pages.js'
import { createVersionedMemo } from '../../src/data/versioned-memo.js'
import { listEstimates } from '../../src/usecases/list-estimates.js'
import { createEstimate, type EstimatesTestService, estimatePayload, newOrgId, startEstimatesTestService } from '../support/estimates-test-service.js'

// List pages' answers are remembered by the organisation's page version, which statement triggers
// on estimates and share links move in the writer's transaction (migration …_estimate_page_versions).
// Whatever changes, through the API or straight in SQL, the API's answer must equal a fresh one.

let svc: EstimatesTestService

beforeAll(async () => {
  svc = await startEstimatesTestService()
})
afterAll(async () => {
  await svc?.close()
})

const QUERIES: Record<string, string>[] = [
  {},
  { status: 'all', sortBy: 'totalCost', sortOrder: 'asc', limit: '10' },
  { search: 'kitchen' },
  { sortBy: 'projectName', sortOrder: 'asc', limit: '10', page: '2' },
]

/** The answer built anew: nothing remembered, neither pages nor search totals. */
async function freshAnswer(orgId: string, query: Record<string, string>): Promise<unknown> {
  const deps = {
    ...svc.deps,
    listPages: createVersionedMemo<ListPageBody>({ maxEntries: 0 }),
    searchTotals: createVersionedMemo<KnownTotal>({ maxEntries: 0 }),
  }
  const answer = await listEstimates(deps, { orgId } as OrgContext, ZEstimateListQuery.parse(query))
  return JSON.parse(answer.value.body.toString())
}

/** Each query's answer through the API, with its ETag; every one must equal a fresh read. */
async function expectAnswersFresh(orgId: string, step: string): Promise<string[]> {
  const etags: string[] = []
  for (const query of QUERIES) {
    const res = await svc.as(orgId)('GET', `/estimates?${new URLSearchParams(query)}`)
    expect(res.status, res.text).toBe(200)
    expect(res.body, `${step}: ${JSON.stringify(query)}`).toEqual(await freshAnswer(orgId, query))
    etags.push(res.headers.get('etag') ?? '')
  }
  return etags
}

describe('remembered list pages', () => {
  it('follow every API and SQL change to estimates and share links, and nothing else', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    const created = []
    for (let i = 0; i < 14; i++) {
      created.push(await createEstimate(api, { projectName: `${i % 3 === 0 ? 'Kitchen' : 'Roof'} job ${i}`, clientName: `Client ${i}` }))
    }
    const [a, b, c] = created
    let etags = await expectAnswersFresh(orgId, 'first read')
    expect(await expectAnswersFresh(orgId, 'unchanged'), 'an unchanged organisation keeps its ETags').toEqual(etags)
    const other = newOrgId()
    await createEstimate(svc.as(other))
    expect(await expectAnswersFresh(orgId, 'another organisation wrote'), "another organisation's writes move nothing here").toEqual(etags)

    const steps: [string, () => Promise<unknown>][] = [
      ['renamed', () => api('PUT', `/estimates/${a.id}`, estimatePayload({ projectName: 'Kitchen renamed', clientName: 'Client 0' }))],
      ['status changed', () => api('PATCH', `/estimates/${b.id}/status`, { status: 'pending' })],
      ['shared', () => api('POST', `/estimates/${c.id}/share`)],
      ['link regenerated', () => api('POST', `/estimates/${c.id}/share`)],
      ['link disabled', () => api('DELETE', `/estimates/${c.id}/share`)],
      ['deleted', () => api('DELETE', `/estimates/${b.id}`)],
      ['total changed in SQL', () => svc.deps.prisma.$executeRaw`UPDATE estimates SET total_cost = 12345.67, ai_summary = 'Summed' WHERE id = ${a.id}::uuid`],
      ['shared again', () => api('POST', `/estimates/${a.id}/share`)],
      ['link revoked in SQL', () => svc.deps.prisma.$executeRaw`UPDATE share_links SET revoked_at = now() WHERE estimate_id = ${a.id}::uuid`],
      ['link deleted in SQL', () => svc.deps.prisma.$executeRaw`DELETE FROM share_links WHERE estimate_id = ${a.id}::uuid`],
      ['shared a third time', () => api('POST', `/estimates/${c.id}/share`)],
      ['share links truncated', () => svc.deps.prisma.$executeRaw`TRUNCATE share_links`],
      [
        'inserted in SQL',
        () => svc.deps.prisma.$executeRaw`
          INSERT INTO estimates (id, organization_id, created_by, project_name, client_name, client_email, property_address, total_cost, status, updated_at)
          VALUES (gen_random_uuid(), ${orgId}, 'test', 'Kitchen from SQL', 'Client SQL', 'sql@example.com', '1 Elm St, Austin, TX 78701', 1, 'draft', now())`,
      ],
    ]
    for (const [step, change] of steps) {
      const res = (await change()) as { status?: number; text?: string } | number
      if (typeof res === 'object' && res.status !== undefined) expect(res.status, `${step}: ${res.text}`).toBeLessThan(300)
      const next = await expectAnswersFresh(orgId, step)
      expect(next[0], `${step} moves the page version`).not.toBe(etags[0])
      etags = next
    }
  })

  it('answer 304 while unchanged, and come gzipped (made once per version) to a client that accepts it', async () => {
    const orgId = newOrgId()
    const api = svc.as(orgId)
    for (let i = 0; i < 12; i++) await createEstimate(api, { projectName: `Deck job ${i}` })
    const url = `${svc.base}/organizations/${orgId}/estimates`
    const headers = await identityHeaders(claimsFor(orgId))
    const plain = await fetch(url, { headers: { ...headers, 'accept-encoding': 'identity' } })
    const etag = plain.headers.get('etag')!
    expect(etag).toMatch(/^W\/"estimates\.\d+"$/)
    expect(plain.headers.get('content-encoding')).toBeNull()
    const body = Buffer.from(await plain.arrayBuffer())
    expect(body.length).toBeGreaterThan(1024)
    // Not fetch: it adds Cache-Control: no-cache to a conditional request, which is never fresh.
    expect((await rawGet(url, { ...headers, 'if-none-match': etag })).status).toBe(304)
    for (let round = 0; round < 2; round++) {
      const zipped = await rawGet(url, { ...headers, 'accept-encoding': 'gzip' })
      expect(zipped.encoding).toBe('gzip')
      expect(gunzipSync(zipped.body).equals(body)).toBe(true)
    }
    await createEstimate(api, { projectName: 'Deck job 12' })
    expect((await rawGet(url, { ...headers, 'if-none-match': etag })).status).toBe(200)
  })
})

/** A GET whose answer comes as it was sent (fetch would inflate it). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; encoding?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }))
    })
      .on('error', reject)
      .end()
  })
}
