import { claimsFor, fillPath, NUMERIC_EDGE_VALUES, numericEdgeBodies, seededRandom, signedRequest, TEXT_EDGE_VALUES, textEdgeBodies } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EstimatesTestService, newOrgId, startEstimatesTestService } from '../support/estimates-test-service.js'
import { ALL_ROUTES, createVictim, fillBody } from '../support/matrix-routes.js'

// Every route must answer malformed input with a 4xx, never a 5xx: wrong types, missing
// fields, huge strings, NUL bytes, odd params and queries, non-JSON bodies.

let svc: EstimatesTestService
const orgId = newOrgId()

beforeAll(async () => {
  svc = await startEstimatesTestService()
})
afterAll(async () => {
  await svc?.close()
})

const huge = 'A'.repeat(120_000)
const ODD: unknown[] = [
  ...NUMERIC_EDGE_VALUES,
  ...TEXT_EDGE_VALUES,
  null,
  true,
  false,
  0,
  -1,
  1e308,
  -1e308,
  Math.PI,
  1e-12,
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
  '12.3.4',
  '1e400',
  'NaN',
  'Infinity',
  '-0',
  '$1,234.56',
  '99999999999999',
  '0.0000001',
  'draft',
  'approved',
  'scope_of_work',
  '00000000-0000-4000-8000-000000000000',
  'not-a-uuid',
  "'; DROP TABLE estimates; --",
  '<script>alert(1)</script>',
  '__proto__',
  'toString',
  [{ id: 'x', percentage: 'abc', amount: null, isEnabled: 'yes' }],
  [{ name: null, lineItems: 'x' }],
  'Section,Item\n"broken',
  '\r\n\r\n',
]
const FIELDS = [
  'projectTypeId',
  'projectName',
  'clientName',
  'clientEmail',
  'propertyAddress',
  'totalCost',
  'squareFootage',
  'specialFeatures',
  'status',
  'content',
  'showToClient',
  'includeInPdf',
  'includeInWebLink',
  'phases',
  'name',
  'description',
  'sortOrder',
  'quantity',
  'unit',
  'unitCost',
  'isLabor',
  'itemIds',
  'templateId',
  'csv',
  'category',
  'sections',
  'isDefault',
  'markupProfileId',
  'taxProfileIds',
  'rate',
  'taxType',
  'address',
  'body',
]
const BAD_PARAMS = ['x', '%00', '%E0%A4%A', 'a'.repeat(300), '-1', '1e9', '00000000-0000-4000-8000-000000000000', 'null', '%20', '..%2F..', 'ÄÖÜ']
const BAD_QUERIES = [
  '?page=0',
  '?page=-1',
  '?page=abc',
  '?page=1e10',
  '?limit=7',
  '?limit=abc',
  '?search=%00',
  `?search=${'x'.repeat(500)}`,
  '?search=%25%5F%5C',
  '?status=nope',
  '?sortBy=__proto__',
  '?sortOrder=sideways',
  '?startDate=2025-13-45',
  '?endDate=0000-00-00',
  '?page=1&page=2',
  '?search[]=a',
  '?projectTypeId=%00',
  '?category=nope',
  '?estimateId=x',
  '?from=x&to=%00',
  '?from[]=a&to=b',
  `?from=${'f'.repeat(400)}`,
]

function randomBodies(count: number, seed: number): unknown[] {
  const next = seededRandom(seed)
  const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)]
  return Array.from({ length: count }, () => {
    const body: Record<string, unknown> = {}
    for (const f of FIELDS) if (next() < 0.35) body[f] = pick(ODD)
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
  { __proto__: { polluted: true } },
  JSON.parse('{"constructor": {"prototype": {"x": 1}}}'),
  // Finding 6: a CSV row past the columns, and rows whose sum overflows one section.
  { csv: 'Section,Item,Qty,Unit Cost\nA,B,999999999999,999999999999\n' },
  { csv: 'Section,Item,Qty,Unit Cost\nA,B,100,9999999999.99\nA,C,2,9999999999.99\n' },
]
const RAW: { body: string; type: string }[] = [
  { body: '{bad json', type: 'application/json' },
  { body: '', type: 'application/json' },
  { body: '['.repeat(5000) + ']'.repeat(5000), type: 'application/json' },
  { body: `{"csv": "${'x'.repeat(1_100_000)}"}`, type: 'application/json' },
  { body: 'name=x&quantity=1', type: 'application/x-www-form-urlencoded' },
  { body: 'hello', type: 'text/plain' },
  { body: '{"name": "x"}', type: 'application/xml' },
]

async function send(method: string, path: string, body?: unknown, raw?: { body: string; type: string }) {
  if (raw) return signedRequest(svc.base, claimsFor(orgId), method, path, raw.body, { 'content-type': raw.type })
  return signedRequest(svc.base, claimsFor(orgId), method, path, body)
}

// Thousands of requests each: ~20 s on an idle 2-core machine, far more while CI runs files in parallel.
const FUZZ_TIMEOUT_MS = 180_000

type Sent = { body?: unknown; raw?: { body: string; type: string } }

type Route = (typeof ALL_ROUTES)[number]
const WRITES = ALL_ROUTES.filter((r) => r.method !== 'GET')

/** Sends what `cases` makes of each route (its victim's path and a valid body) and lists every 5xx. */
async function fuzzRoutes(routes: Route[], cases: (route: Route, valid: unknown, index: number) => Sent[]): Promise<string[]> {
  const failures: string[] = []
  for (const [i, route] of routes.entries()) {
    const params = await createVictim(svc, orgId)
    const path = fillPath(route.path, params)
    for (const { body, raw } of cases(route, fillBody(route.body, params), i)) {
      const res = await send(route.method, path, body, raw)
      if (res.status >= 500) {
        const sent = raw ? `raw ${raw.type} ${raw.body.slice(0, 40)}` : JSON.stringify(body)?.slice(0, 200)
        failures.push(`${route.method} ${path} ${sent} → ${res.status} ${res.text.slice(0, 200)}`)
      }
    }
  }
  return failures
}

describe('fuzz: no 5xx on malformed input', () => {
  it(
    'fixed bodies and numeric edge values on every route',
    async () => {
      const failures = await fuzzRoutes(ALL_ROUTES, (route, valid) =>
        route.method === 'GET' ? [{}] : [...FIXED_BODIES, valid, ...numericEdgeBodies(valid)].map((body) => ({ body })),
      )
      expect(failures).toEqual([])
    },
    FUZZ_TIMEOUT_MS,
  )

  it(
    'ill-formed and format-control text in every field of every write route',
    async () => {
      const failures = await fuzzRoutes(WRITES, (_route, valid) => textEdgeBodies(valid).map((body) => ({ body })))
      expect(failures).toEqual([])
    },
    FUZZ_TIMEOUT_MS,
  )

  it(
    'random bodies on every write route',
    async () => {
      const failures = await fuzzRoutes(WRITES, (_route, _valid, i) => randomBodies(15, 1000 + i).map((body) => ({ body })))
      expect(failures).toEqual([])
    },
    FUZZ_TIMEOUT_MS,
  )

  it(
    'raw bodies that are not JSON, or JSON too deep or too large, on every write route',
    async () => {
      const failures = await fuzzRoutes(WRITES, () => RAW.map((raw) => ({ raw })))
      expect(failures).toEqual([])
    },
    FUZZ_TIMEOUT_MS,
  )

  it(
    'odd path params and queries on every route',
    async () => {
      const failures: string[] = []
      const params = await createVictim(svc, orgId)
      for (const route of ALL_ROUTES) {
        const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]).filter((n) => n !== 'orgId')
        for (const name of names) {
          for (const bad of BAD_PARAMS) {
            const path = fillPath(route.path, params).replace(encodeURIComponent(params[name] ?? ''), bad)
            const res = await send(route.method, path, fillBody(route.body, params))
            if (res.status >= 500) failures.push(`${route.method} ${path} → ${res.status} ${res.text.slice(0, 200)}`)
          }
        }
        for (const q of BAD_QUERIES) {
          const path = `${fillPath(route.path.split('?')[0], params)}${q}`
          const res = await send(route.method, path, fillBody(route.body, params))
          if (res.status >= 500) failures.push(`${route.method} ${path} → ${res.status} ${res.text.slice(0, 200)}`)
        }
      }
      for (const orgParam of ['%00', 'a'.repeat(300), '%E0%A4%A']) {
        const res = await send('GET', `/organizations/${orgParam}/estimates`)
        if (res.status >= 500) failures.push(`org ${orgParam} → ${res.status}`)
      }
      expect(failures).toEqual([])
    },
    FUZZ_TIMEOUT_MS,
  )

  it('answers 401 without an identity on every route', async () => {
    const params = await createVictim(svc, orgId)
    for (const route of ALL_ROUTES) {
      const res = await signedRequest(
        svc.base,
        null,
        route.method,
        fillPath(route.path, params),
        route.method === 'GET' ? undefined : fillBody(route.body, params),
      )
      expect(res.status, `${route.method} ${route.path}`).toBe(401)
    }
  })
})
