import http from 'node:http'
import { claimsFor, identityHeaders, seededRandom } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newOrgId } from '../support/estimates-test-service.js'
import { createProfile, type PricingTestService, sharedEstimate, startPricingService } from '../support/pricing-fixtures.js'

// Every route of the pricing engineer must answer malformed input with a 4xx, never a 5xx:
// wrong types, missing fields, huge strings, arrays, null, NUL bytes, odd numbers, non-JSON,
// odd content types and encodings, odd path parameters and queries.

let svc: PricingTestService
let headers: Record<string, string>
let routes: [method: string, path: string][] = []

beforeAll(async () => {
  svc = await startPricingService()
  const orgId = newOrgId()
  const api = svc.as(orgId)
  headers = await identityHeaders(claimsFor(orgId))
  const { estimate, token } = await sharedEstimate(api)
  const other = await sharedEstimate(api)
  const markup = await createProfile(api, 'markup-profiles', { name: 'M' })
  const tax = await createProfile(api, 'taxes', { name: 'T', rate: 0.05 })
  const o = `/organizations/${orgId}`
  const e = `${o}/estimates/${estimate.id}`
  routes = [
    ['GET', `${o}/markup-profiles`],
    ['POST', `${o}/markup-profiles`],
    ['PUT', `${o}/markup-profiles/${markup.id}`],
    ['DELETE', `${o}/markup-profiles/00000000-0000-4000-8000-000000000000`],
    ['GET', `${o}/taxes`],
    ['POST', `${o}/taxes`],
    ['PUT', `${o}/taxes/${tax.id}`],
    ['DELETE', `${o}/taxes/00000000-0000-4000-8000-000000000000`],
    ['GET', `${e}/totals`],
    ['GET', `${e}/pricing`],
    ['PUT', `${e}/pricing`],
    ['POST', `${e}/share`],
    ['DELETE', `${o}/estimates/${other.estimate.id}/share`],
    ['POST', `${e}/reopen`],
    ['GET', `/public/estimates/${token}`],
    ['POST', `/public/estimates/${token}/approve`],
    ['POST', `/public/estimates/${token}/reject`],
    ['POST', `/public/estimates/${'Z'.repeat(43)}/approve`],
    ['POST', `/public/estimates/${'Z'.repeat(43)}/reject`],
    ['POST', '/external/enhanced-property-data'],
  ]
})
afterAll(async () => {
  await svc?.close()
})

const huge = 'A'.repeat(60_000)
const FIELDS = [
  'name',
  'description',
  'overheadPercentage',
  'profitPercentage',
  'contingencyPercentage',
  'laborMarkupPercentage',
  'materialMarkupPercentage',
  'equipmentMarkupPercentage',
  'subcontractorMarkupPercentage',
  'isTemplate',
  'isDefault',
  'isActive',
  'organizationId',
  'estimateId',
  'taxType',
  'rate',
  'jurisdiction',
  'jurisdictionCode',
  'applyToLabor',
  'applyToMaterials',
  'minimumAmount',
  'maximumAmount',
  'exemptionThreshold',
  'markupProfileId',
  'taxProfileIds',
  'signerName',
  'consent',
  'reason',
  'snapshotSha256',
  'address',
]

const ODD_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1e308,
  -1e308,
  1e-9,
  Math.PI,
  100.0000001,
  '',
  ' ',
  huge,
  '\u0000',
  'a\u0000b',
  '\ud800',
  '💥'.repeat(300),
  [],
  [1, 2],
  {},
  { $gt: '' },
  'NaN',
  'Infinity',
  '-0',
  '1e5',
  '0x10',
  '12,345.67',
  '$99.99',
  '99999999999999999999',
  '0.00001',
  '100.005',
  'sales',
  'vat',
  'not-a-uuid',
  '00000000-0000-4000-8000-000000000000',
  ['00000000-0000-4000-8000-000000000000', '00000000-0000-4000-8000-000000000000'],
  'a'.repeat(64),
  'f'.repeat(64),
  '123 Main St, Springfield, IL 62701',
  '1 A St, B, ZZ 00000-0000',
  '<script>alert(1)</script>',
  "'; DROP TABLE estimates; --",
  '__proto__',
  'toString',
  { nested: { deeper: [null] } },
  ['x'],
  'Ana Garcia',
]

function randomBodies(count: number, seed: number): unknown[] {
  const next = seededRandom(seed)
  const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)]
  return Array.from({ length: count }, () => {
    const body: Record<string, unknown> = {}
    for (const f of FIELDS) if (next() < 0.4) body[f] = pick(ODD_VALUES)
    return body
  })
}

const FIXED_BODIES: unknown[] = [
  null,
  true,
  0,
  'string',
  [],
  [{}],
  {},
  { name: null },
  { name: huge },
  { name: 'ok', description: huge },
  { name: 'ok', overheadPercentage: '1e3' },
  { name: 'ok', rate: 1e308 },
  { name: 'ok', rate: '0.00001' },
  { name: 'ok', taxType: null },
  { name: 'ok', organizationId: { $ne: null } },
  { name: 'ok', estimateId: 'x'.repeat(65) },
  { name: 'ok', estimateId: '00000000-0000-4000-8000-000000000000' },
  { markupProfileId: null, taxProfileIds: null },
  { markupProfileId: 123, taxProfileIds: [1, 2] },
  { markupProfileId: null, taxProfileIds: Array(50).fill('00000000-0000-4000-8000-000000000000') },
  { markupProfileId: null, taxProfileIds: [huge] },
  { signerName: huge, consent: true },
  { signerName: 'Bob\u0000', consent: true },
  { signerName: 'Ana', consent: 1 },
  { reason: { text: 'x' } },
  { reason: huge },
  { address: null },
  { address: huge },
  { address: '\u0000' },
  { address: ['1 Main St'] },
  { address: '1 Main St, Springfield, IL 62701'.repeat(14) },
  { name: 'Bob\u0000' },
  JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}'),
]

const RAW_BODIES: { body: string; contentType: string; headers?: Record<string, string> }[] = [
  { body: '{bad json', contentType: 'application/json' },
  { body: '', contentType: 'application/json' },
  { body: 'undefined', contentType: 'application/json' },
  { body: '{"name": "a",}', contentType: 'application/json' },
  { body: '['.repeat(5000) + ']'.repeat(5000), contentType: 'application/json' },
  { body: `{"name": "${'x'.repeat(1_200_000)}"}`, contentType: 'application/json' },
  { body: 'name=a&rate=0.1', contentType: 'application/x-www-form-urlencoded' },
  { body: 'hello', contentType: 'text/plain' },
  { body: '{"name":"a"}', contentType: 'application/json; charset=latin9' },
  { body: 'not gzip at all', contentType: 'application/json', headers: { 'content-encoding': 'gzip' } },
  { body: '{"name":"a"}', contentType: 'application/json', headers: { 'content-encoding': 'br-unknown' } },
  { body: '\u0000\u0001\u0002', contentType: 'application/octet-stream' },
]

async function send(
  method: string,
  path: string,
  body: string | undefined,
  contentType?: string,
  extra: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  // node:http rather than fetch: it sends bodies on GET and odd encodings as they are.
  return new Promise((resolve, reject) => {
    const h: Record<string, string | number> = { ...headers, ...extra }
    if (body !== undefined) {
      h['content-type'] = contentType ?? 'application/json'
      h['content-length'] = Buffer.byteLength(body)
    }
    const req = http.request(`${svc.base}${path}`, { method, headers: h }, (res) => {
      let text = ''
      res.on('data', (c) => (text += c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

const expectNo5xx = (res: { status: number; text: string }, label: string) =>
  expect(res.status, `${label} → ${res.status} ${res.text.slice(0, 200)}`).toBeLessThan(500)

describe('malformed input never causes a 5xx', () => {
  it('JSON bodies of every shape, on every route', async () => {
    const bodies = [...FIXED_BODIES, ...randomBodies(30, 20261122)]
    for (const [method, path] of routes) {
      for (const body of bodies) expectNo5xx(await send(method, path, JSON.stringify(body)), `${method} ${path} ${JSON.stringify(body)?.slice(0, 120)}`)
    }
  }, 120_000)

  it('non-JSON and oddly encoded bodies', async () => {
    for (const [method, path] of routes) {
      for (const raw of RAW_BODIES)
        expectNo5xx(await send(method, path, raw.body, raw.contentType, raw.headers), `${method} ${path} ${raw.contentType} ${raw.body.slice(0, 40)}`)
    }
  })

  it('odd path parameters and queries', async () => {
    const orgPath = routes[0][1].split('/markup-profiles')[0]
    const odd = ['%00', 'x'.repeat(5000), '%E0%A4%A', '..%2F..', '💥', ' ', '00000000-0000-4000-8000-00000000000Z', "1'--"]
    for (const v of odd) {
      for (const [method, path] of [
        ['PUT', `${orgPath}/markup-profiles/${v}`],
        ['DELETE', `${orgPath}/taxes/${v}`],
        ['GET', `${orgPath}/estimates/${v}/totals`],
        ['PUT', `${orgPath}/estimates/${v}/pricing`],
        ['POST', `${orgPath}/estimates/${v}/share`],
        ['POST', `${orgPath}/estimates/${v}/reopen`],
        ['GET', `/public/estimates/${v}`],
        ['POST', `/public/estimates/${v}/approve`],
        ['POST', `/public/estimates/${v}/reject`],
      ] as const) {
        expectNo5xx(
          await send(
            method,
            path,
            method === 'GET' ? undefined : '{"name":"x","signerName":"Ana Garcia","consent":true,"markupProfileId":null,"taxProfileIds":[]}',
          ),
          `${method} ${path.slice(0, 120)}`,
        )
      }
    }
    for (const q of [
      '?estimateId=',
      `?estimateId=${'a'.repeat(5000)}`,
      '?estimateId=a&estimateId=b',
      '?estimateId[]=x',
      '?estimateId[$ne]=x',
      '?estimateId=%00',
      `?x=${'%'.repeat(10)}`,
    ]) {
      expectNo5xx(await send('GET', `${orgPath}/markup-profiles${q}`, undefined), `GET markup-profiles${q.slice(0, 40)}`)
      expectNo5xx(await send('GET', `${orgPath}/taxes${q}`, undefined), `GET taxes${q.slice(0, 40)}`)
    }
  })
})
