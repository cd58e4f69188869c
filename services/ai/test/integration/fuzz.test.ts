import { claimsFor, fillPath, NUMERIC_EDGE_VALUES, numericEdgeBodies, seededRandom, signedRequest, TEXT_EDGE_VALUES, textEdgeBodies } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AiTestService, newOrgId, startAiTestService } from '../support/ai-test-service.js'
import { ALL_ROUTES, createVictim, fillBody } from '../support/matrix-routes.js'

// Every route answers malformed input with a 4xx, never a 5xx: wrong types, missing fields,
// huge strings, NUL bytes, odd params and queries, non-JSON bodies.

let svc: AiTestService
const orgId = newOrgId()
let params: Record<string, string>

beforeAll(async () => {
  svc = await startAiTestService()
  params = await createVictim(svc, orgId)
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
  3.14,
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
  'scope_of_work',
  '00000000-0000-4000-8000-000000000000',
  'not-a-uuid',
  "'; DROP TABLE ai_jobs; --",
  '<script>alert(1)</script>',
  '__proto__',
  '{{projectName}}',
  '{{'.repeat(500),
  'make it shorter',
  'replace ( with )',
  'remove .*',
  'add a sentence about [',
  { property: { yearBuilt: 'x' } },
]
const FIELDS = ['organizationId', 'prompt', 'projectType', 'propertyData', 'message', 'status', 'content']
const BAD_PARAMS = ['x', '%00', '%E0%A4%A', 'a'.repeat(300), '-1', '00000000-0000-4000-8000-000000000000', 'null', '%20', '..%2F..', 'ÄÖÜ']
const BAD_QUERIES = [
  '?organizationId=',
  '?organizationId=%00',
  `?organizationId=${'x'.repeat(500)}`,
  '?organizationId[]=a',
  '?organizationId=a&organizationId=b',
  '?x=%E0%A4%A',
]

function randomBodies(count: number, seed: number): unknown[] {
  const next = seededRandom(seed)
  const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)]
  return Array.from({ length: count }, () => {
    const body: Record<string, unknown> = {}
    for (const f of FIELDS) if (next() < 0.4) body[f] = pick(ODD)
    // Often a valid organisation, so the body reaches the writer.
    if (next() < 0.6) body.organizationId = orgId
    return body
  })
}
const FIXED: unknown[] = [null, true, 0, 'string', [], [{}], {}, { __proto__: { polluted: true } }, JSON.parse('{"constructor": {"prototype": {"x": 1}}}')]
const RAW: { body: string; type: string }[] = [
  { body: '{bad json', type: 'application/json' },
  { body: '', type: 'application/json' },
  { body: '['.repeat(5000) + ']'.repeat(5000), type: 'application/json' },
  { body: `{"prompt": "${'x'.repeat(200_000)}"}`, type: 'application/json' },
  { body: 'message=x', type: 'application/x-www-form-urlencoded' },
  { body: 'hello', type: 'text/plain' },
]

const send = (method: string, path: string, body?: unknown, raw?: { body: string; type: string }) =>
  raw
    ? signedRequest(svc.base, claimsFor(orgId), method, path, raw.body, { 'content-type': raw.type })
    : signedRequest(svc.base, claimsFor(orgId), method, path, body)

describe('fuzz: no 5xx on malformed input', () => {
  it('bodies (fixed, random, raw) on every route', async () => {
    const failures: string[] = []
    for (const [i, route] of ALL_ROUTES.entries()) {
      const path = fillPath(route.path, params)
      const valid = fillBody(route.body, params)
      const bodies =
        route.method === 'GET' ? [undefined] : [...FIXED, valid, ...numericEdgeBodies(valid), ...textEdgeBodies(valid), ...randomBodies(25, 1000 + i)]
      for (const body of bodies) {
        const res = await send(route.method, path, body)
        if (res.status >= 500) failures.push(`${route.method} ${path} ${JSON.stringify(body)?.slice(0, 200)} → ${res.status} ${res.text.slice(0, 200)}`)
      }
      if (route.method !== 'GET') {
        for (const raw of RAW) {
          const res = await send(route.method, path, undefined, raw)
          if (res.status >= 500) failures.push(`${route.method} ${path} raw ${raw.type} ${raw.body.slice(0, 40)} → ${res.status}`)
        }
      }
    }
    expect(failures).toEqual([])
  })

  it('odd path params and queries on every route', async () => {
    const failures: string[] = []
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
    for (const type of ['summary', '%00', 'a'.repeat(300), '__proto__', 'constructor']) {
      const res = await send('POST', `/organizations/${orgId}/estimates/${params.id}/generate-content/${type}`)
      if (res.status !== 400) failures.push(`section type ${type.slice(0, 20)} → ${res.status}`)
    }
    expect(failures).toEqual([])
  })

  it('the chat writer copes with any message: a reply always, no 5xx', async () => {
    const next = seededRandom(42)
    const pieces = [
      'make it',
      'shorter',
      'longer',
      'formal',
      'friendly',
      'add',
      'mention',
      'remove',
      'replace',
      'with',
      'to',
      'bullet',
      'paragraph',
      'rewrite',
      '?',
      'the warranty',
      '"',
      '(',
      '$',
      '\\',
      '.*',
      'and',
      ',',
      '\n',
      '💥',
    ]
    for (let i = 0; i < 40; i++) {
      const message = Array.from({ length: 1 + Math.floor(next() * 8) }, () => pieces[Math.floor(next() * pieces.length)]).join(' ')
      const res = await send('POST', `/organizations/${orgId}/estimates/${params.id}/content-sections/scope_of_work/chat`, { message })
      expect([201, 400], `${JSON.stringify(message)} → ${res.text.slice(0, 200)}`).toContain(res.status)
      if (res.status === 201) expect(res.body.aiResponse.length).toBeGreaterThan(0)
    }
  })

  it('answers 401 without an identity on every route', async () => {
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
