import { RequestSubjects, ZFetchLogoUrlReply } from '@plumbline/contracts'
import { request } from '@plumbline/messaging'
import { claimsFor, fillPath, NUMERIC_EDGE_VALUES, seededRandom, signedRequest, TEXT_EDGE_VALUES } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DocumentsTestService, newOrgId, startDocumentsTestService } from '../support/documents-test-service.js'
import { ALL_ROUTES, createVictim } from '../support/victim.js'

// Every route must answer malformed input with a 4xx, never a 5xx: odd params and queries,
// JSON and non-JSON bodies, broken multipart; and the NATS responder must never fail internally.

let svc: DocumentsTestService
let params: Record<string, string>
const orgId = newOrgId()

beforeAll(async () => {
  svc = await startDocumentsTestService()
  params = await createVictim(svc, orgId)
})
afterAll(async () => {
  await svc?.close()
})

const BAD_PARAMS = ['x', '%00', '%E0%A4%A', 'a'.repeat(300), '-1', '1e9', '00000000-0000-4000-8000-000000000000', 'null', '%20', '..%2F..', 'ÄÖÜ', '%27%3B--']
const BAD_QUERIES = [
  '',
  '?expires=abc',
  '?expires=-1',
  '?expires=1e400',
  '?signature=',
  `?signature=${'s'.repeat(5000)}`,
  '?organizationId=%00',
  '?organizationId[]=a',
  '?expires=1&expires=2',
  '?signature=%ZZ',
  `?organizationId=${'o'.repeat(200)}`,
  // The link's only number: edges of the numeric columns elsewhere (finding 6).
  ...NUMERIC_EDGE_VALUES.map((v) => `?expires=${encodeURIComponent(String(v))}`),
]
const RAW: { body: string | Buffer; type: string }[] = [
  { body: '{bad json', type: 'application/json' },
  { body: '', type: 'application/json' },
  { body: '['.repeat(5000) + ']'.repeat(5000), type: 'application/json' },
  { body: 'hello', type: 'text/plain' },
  { body: 'logo=x', type: 'application/x-www-form-urlencoded' },
  { body: '--b\r\nContent-Disposition: form-data; name="logo"; filename="a.png"\r\n\r\n\x89PNG\r\n', type: 'multipart/form-data; boundary=b' },
  { body: '--b\r\nContent-Disposition: form-data; name="logo"\r\n\r\nnot a file\r\n--b--\r\n', type: 'multipart/form-data; boundary=b' },
  { body: '--b\r\n\r\n\r\n--b--', type: 'multipart/form-data; boundary=b' },
  { body: 'garbage', type: 'multipart/form-data; boundary=' },
  { body: 'garbage', type: `multipart/form-data; boundary="${'x'.repeat(200)}"` },
  { body: Buffer.from([0, 1, 2, 255, 254]), type: 'multipart/form-data; boundary=%00' },
  {
    body: '--b\r\nContent-Disposition: form-data; name="logo"; filename="../../etc/passwd"\r\nContent-Type: image/png\r\n\r\n<svg onload=alert(1)>\r\n--b--\r\n',
    type: 'multipart/form-data; boundary=b',
  },
  ...TEXT_EDGE_VALUES.map((v) => ({ body: JSON.stringify({ url: v, logoUrl: v, fileName: v }), type: 'application/json' })),
]

function randomBytes(next: () => number, n: number): Buffer {
  return Buffer.from(Array.from({ length: n }, () => Math.floor(next() * 256)))
}

describe('fuzz: no 5xx on malformed input', () => {
  it('odd params and queries on every route', async () => {
    const failures: string[] = []
    for (const route of ALL_ROUTES) {
      for (const bad of BAD_PARAMS) {
        for (const name of ['estimateId', 'fileId']) {
          if (!route.path.includes(`:${name}`)) continue
          const path = fillPath(route.path, params).replace(encodeURIComponent(params[name]), bad)
          const res = await signedRequest(svc.base, claimsFor(orgId), route.method, path)
          if (res.status >= 500 || res.status < 400) failures.push(`${route.method} ${path}: ${res.status}`)
        }
        const orgPath = route.path.replace(':orgId', bad)
        const res = await signedRequest(svc.base, claimsFor(orgId), route.method, fillPath(orgPath, params))
        if (res.status >= 500) failures.push(`${route.method} ${orgPath}: ${res.status}`)
      }
      if (route.path.startsWith('/documents/')) {
        for (const q of BAD_QUERIES) {
          const res = await signedRequest(svc.base, claimsFor(orgId), 'GET', `/documents/files/${params.fileId}${q}`)
          if (res.status !== 400 && res.status !== 403) failures.push(`GET files${q.slice(0, 60)}: ${res.status}`)
          if (res.status === 400 && !(res.body?.errors?.length > 0)) failures.push(`GET files${q.slice(0, 60)}: 400 without field errors`)
        }
      }
    }
    expect(failures).toEqual([])
  })

  it('raw and random bodies on every write route', async () => {
    const next = seededRandom(4242)
    const failures: string[] = []
    const writes = ALL_ROUTES.filter((r) => r.method !== 'GET')
    for (const route of writes) {
      const path = fillPath(route.path, params)
      const bodies = [...RAW]
      for (let i = 0; i < 12; i++) {
        const boundary = `fz${i}`
        bodies.push({
          type: `multipart/form-data; boundary=${boundary}`,
          body: Buffer.concat([
            Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="f${i}.png"\r\nContent-Type: image/png\r\n\r\n`),
            i % 2 ? Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) : Buffer.alloc(0),
            randomBytes(next, 50 + Math.floor(next() * 4000)),
            Buffer.from(`\r\n--${boundary}--\r\n`),
          ]),
        })
        bodies.push({ type: 'application/json', body: JSON.stringify({ logo: randomBytes(next, 20).toString('latin1'), n: next() }) })
      }
      for (const b of bodies) {
        const res = await signedRequest(svc.base, claimsFor(orgId), route.method, path, b.body, { 'content-type': b.type })
        if (res.status >= 500) failures.push(`${route.method} ${path} [${b.type}]: ${res.status} ${res.text.slice(0, 120)}`)
      }
    }
    expect(failures).toEqual([])
  })

  it('the logo-URL responder answers odd requests without internal errors', async () => {
    const inputs: unknown[] = [
      null,
      {},
      { orgId: 1, url: 2 },
      { orgId: 'o' },
      { orgId: 'o', url: '' },
      { orgId: 'o', url: 'x'.repeat(10_000) },
      { orgId: 'o', url: 'https://' },
      { orgId: 'o', url: 'https://[::' },
      { orgId: 'o', url: 'https://%00/' },
      { orgId: 'o', url: 'https://a..b/' },
      { orgId: 'o', url: '\u0000' },
      { orgId: 'o', url: 'https://999.999.999.999/' },
      { orgId: 'o', url: 'https://0/' },
      { orgId: 'o', url: 'https://0.0.0.0/' },
    ]
    for (const input of inputs) {
      try {
        const reply = await request(svc.deps.bus, RequestSubjects.fetchLogoUrl, input, { schema: ZFetchLogoUrlReply, timeoutMs: 8000 })
        expect(reply.ok, JSON.stringify(input)).toBe(false)
        expect(reply.ok ? undefined : reply.message, JSON.stringify(input)).toMatch(/^Logo URL /)
      } catch (err) {
        expect((err as { code?: string }).code, JSON.stringify(input)).toBe('VALIDATION_FAILED')
      }
    }
  })
})
