import http from 'node:http'
import { NUMERIC_EDGE_VALUES, numericEdgeBodies, seededRandom, TEXT_EDGE_VALUES, textEdgeBodies } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminTestService, exampleLogoUrlCheck, memberOf, startAdminTestService } from '../support/admin-test-service.js'

// Every route must answer malformed input with a 4xx, never a 5xx: wrong types, missing fields,
// huge strings, arrays, null, NUL bytes, odd numbers, non-JSON, odd content types and encodings.

let svc: AdminTestService
const ORG = 'org-fuzz'
let identities: [string, Record<string, string>][]

beforeAll(async () => {
  svc = await startAdminTestService({ logoUrlCheck: exampleLogoUrlCheck })
  identities = [
    ['anonymous', {}],
    ['owner', await memberOf(ORG, 'Owner')],
    ['member', await memberOf(ORG, 'Member')],
    ['other org', await memberOf('org-other')],
    ['bad identity', { 'x-plumbline-identity': 'not.a.jwt' }],
  ]
})
afterAll(async () => {
  await svc?.close()
})

const ROUTES: [method: string, path: string][] = [
  ['GET', `/organizations/${ORG}/company-settings`],
  ['PUT', `/organizations/${ORG}/company-settings`],
  ['GET', `/organizations/${ORG}/usage`],
  ['GET', `/dashboard/metrics?organizationId=${ORG}`],
  ['GET', `/organizations/${ORG}/activities`],
]

const huge = 'A'.repeat(60_000)
const FIELDS = [
  'companyName',
  'companyEmail',
  'companyPhone',
  'companyAddress',
  'contractorLicense',
  'website',
  'logoUrl',
  'autoGenerateAI',
  'aiPromptTemplate',
  'varianceRangePercentage',
  'brandingColors',
  'estimateTemplateSettings',
  'enableLineItems',
  'enableCostByType',
  'enableSections',
  'enableBusinessInsights',
  'enableMarkupProfiles',
  'logoFileData',
  'organizationId',
]

const ODD_VALUES: unknown[] = [
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
  99.999,
  100.005,
  '999999999999.99',
  '1e5',
  'NaN',
  'Infinity',
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
  '{"a":1}',
  '{"a":',
  '[1]',
  'null',
  'https://ok.example/x.png',
  'javascript:alert(1)',
  'x@y.co',
  '<script>alert(1)</script>',
  "'; DROP TABLE company_settings; --",
  { nested: { deeper: [null, '\u0000'] } },
  '__proto__',
  'toString',
]

/** Every text field of the settings, valid, for one edge value at a time. */
const TEXT_FIELDS = {
  companyName: 'Acme Roofing',
  companyEmail: 'office@acme.example',
  companyPhone: '555 0100',
  companyAddress: '1 Main St',
  contractorLicense: 'CA-123',
  website: 'https://acme.example',
  aiPromptTemplate: 'Be brief.',
  brandingColors: { primary: '#1e40af' },
}

function randomBodies(count: number, seed: number): unknown[] {
  const next = seededRandom(seed)
  const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)]
  return Array.from({ length: count }, () => {
    const body: Record<string, unknown> = {}
    for (const f of FIELDS) if (next() < 0.3) body[f] = pick(ODD_VALUES)
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
  { companyName: huge },
  { aiPromptTemplate: huge.repeat(2) },
  { brandingColors: { deep: Array.from({ length: 200 }, (_, i) => ({ i })) } },
  { brandingColors: '\u0000' },
  { brandingColors: { a: '\u0000' } },
  { varianceRangePercentage: '12.345678' },
  { varianceRangePercentage: -0.001 },
  { varianceRangePercentage: '1,000' },
  { companyName: 'NUL\u0000inside' },
  { __proto__: { isAdmin: true } },
  JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}'),
]

const RAW_BODIES: { body: string; contentType: string; headers?: Record<string, string> }[] = [
  { body: '{bad json', contentType: 'application/json' },
  { body: '', contentType: 'application/json' },
  { body: '['.repeat(5000) + ']'.repeat(5000), contentType: 'application/json' },
  { body: `{"companyName": "${'x'.repeat(200_000)}"}`, contentType: 'application/json' },
  { body: 'companyName=x', contentType: 'application/x-www-form-urlencoded' },
  { body: 'hello', contentType: 'text/plain' },
  { body: '{"companyName":"a"}', contentType: 'application/json; charset=latin9' },
  { body: 'not gzip at all', contentType: 'application/json', headers: { 'content-encoding': 'gzip' } },
  { body: '\u0000\u0001\u0002', contentType: 'application/octet-stream' },
]

const QUERIES = [
  '?organizationId=',
  `?organizationId=${'a'.repeat(5000)}`,
  '?organizationId=a&organizationId=b',
  '?organizationId[]=x',
  '?organizationId=%00',
  '?x=%E0%A4%A',
]

function getWithBody(path: string, headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${svc.url}${path}`,
      { method: 'GET', headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = ''
        res.on('data', (c) => (text += c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

async function expectNo5xx(label: string, send: () => Promise<{ status: number; text: string }>) {
  const res = await send()
  expect(res.status, `${label} → ${res.status} ${res.text.slice(0, 200)}`).toBeLessThan(500)
}

describe('fuzzing every route', () => {
  for (const [method, path] of ROUTES) {
    it(`${method} ${path} never answers 5xx`, async () => {
      for (const [who, headers] of identities) {
        if (method === 'GET') {
          const base = path.split('?')[0]
          for (const q of ['', ...QUERIES]) await expectNo5xx(`${who} GET ${base}${q}`, () => svc.call('GET', `${base}${q}`, { headers }))
          await expectNo5xx(`${who} GET with a body`, () => getWithBody(path, headers, '{"organizationId": [1]}'))
          await expectNo5xx(`${who} GET with a broken body`, () => getWithBody(path, headers, '{broken'))
          continue
        }
        for (const body of [
          ...FIXED_BODIES,
          ...numericEdgeBodies({ varianceRangePercentage: '15.00' }),
          ...textEdgeBodies(TEXT_FIELDS),
          ...randomBodies(60, 7919),
        ]) {
          await expectNo5xx(`${who} ${JSON.stringify(body)?.slice(0, 80)}`, () => svc.call(method, path, { headers, rawBody: JSON.stringify(body) ?? 'null' }))
        }
        for (const raw of RAW_BODIES) {
          await expectNo5xx(`${who} raw ${raw.contentType} ${raw.body.slice(0, 40)}`, () =>
            svc.call(method, path, { headers: { ...headers, ...raw.headers }, rawBody: raw.body, contentType: raw.contentType }),
          )
        }
      }
    })
  }

  it('path parameters that are too long or odd answer 4xx', async () => {
    const headers = await memberOf(ORG)
    for (const org of ['x'.repeat(65), '%00', '%E0%A4%A', '..', '%2e%2e']) {
      for (const [method, suffix] of [
        ['GET', 'company-settings'],
        ['PUT', 'company-settings'],
        ['GET', 'usage'],
        ['GET', 'activities'],
      ] as const) {
        await expectNo5xx(`${method} ${org}/${suffix}`, () =>
          svc.call(method, `/organizations/${org}/${suffix}`, { headers, body: method === 'PUT' ? {} : undefined }),
        )
      }
    }
  })

  it('nothing was polluted along the way', async () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined()
  })
})
