import http from 'node:http'
import { NUMERIC_EDGE_VALUES, seededRandom, TEXT_EDGE_VALUES, textEdgeBodies } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUserWithTemporaryPassword } from '../../src/usecases/create-user-with-temporary-password.js'
import { type AuthTestService, loginAs, registerVerifiedUser, startAuthTestService, uniqueEmail } from '../support/auth-test-service.js'

// Every route must answer malformed input with a 4xx, never a 5xx: wrong types, missing fields,
// huge strings, arrays, null, NUL bytes, non-JSON, odd content types and encodings.

let svc: AuthTestService
let signedIn: Record<string, string>
let forcedReset: Record<string, string>

beforeAll(async () => {
  svc = await startAuthTestService()
  const user = await registerVerifiedUser(svc)
  signedIn = (await loginAs(svc, user.email, user.password)).headers
  const temp = await createUserWithTemporaryPassword(svc.deps, { email: uniqueEmail('fuzz-temp'), firstName: 'Fuzz', lastName: 'Temp', actorId: user.user.id })
  const tempEmail = (await svc.deps.prisma.user.findUniqueOrThrow({ where: { id: temp.userId } })).email
  forcedReset = (await loginAs(svc, tempEmail, temp.password)).headers
})
afterAll(async () => {
  await svc?.close()
})

const ROUTES: [method: string, path: string][] = [
  ['POST', '/register'],
  ['POST', '/verify-email'],
  ['POST', '/resend-verification'],
  ['POST', '/login'],
  ['POST', '/logout'],
  ['POST', '/request-password-reset'],
  ['POST', '/reset-password'],
  ['POST', '/reset-temporary-password'],
  ['POST', '/invitations/preview'],
  ['POST', '/invitations/accept'],
  ['POST', '/invitations/register'],
  ['GET', '/user'],
  ['GET', '/auth/user'],
  ['GET', '/user/organizations'],
  ['GET', '/login'],
  ['GET', '/__dev/mail'],
  ['GET', '/__dev/mailbox'],
]

const huge = 'A'.repeat(60_000)
const FIELDS = ['email', 'password', 'firstName', 'lastName', 'token', 'newPassword']

const ODD_VALUES: unknown[] = [
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
  'a\u0000b@example.com',
  '\ud800',
  '💥'.repeat(300),
  [],
  [1, 2],
  {},
  { $gt: '' },
  'x@y',
  'UPPER@EXAMPLE.COM',
  `${'a'.repeat(250)}@example.com`,
  'Valid-Password-1',
  'short',
  '<script>alert(1)</script>',
  "'; DROP TABLE users; --",
  ['a@b.co'],
  { nested: { deeper: [null] } },
  '__proto__',
  'toString',
]

/** A valid body per route, for one text edge value at a time. */
const VALID_BODIES: Record<string, unknown> = {
  '/register': { email: 'edge@example.com', password: 'Valid-Password-1', firstName: 'Edge', lastName: 'Case' },
  '/login': { email: 'edge@example.com', password: 'Valid-Password-1' },
  '/request-password-reset': { email: 'edge@example.com' },
  '/invitations/register': { token: 'x'.repeat(43), password: 'Valid-Password-1', firstName: 'Edge', lastName: 'Case' },
}

function randomBodies(count: number, seed: number): unknown[] {
  const next = seededRandom(seed)
  const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)]
  return Array.from({ length: count }, () => {
    const body: Record<string, unknown> = {}
    for (const f of FIELDS) if (next() < 0.6) body[f] = pick(ODD_VALUES)
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
  [{ email: 'a@b.co', password: 'x' }],
  {},
  { email: 123, password: 456 },
  { email: null, password: null, token: null, newPassword: null },
  { email: ['a@b.co'], password: ['x'] },
  { email: { $ne: null } },
  { email: 'a@b.co', password: huge },
  { token: huge, password: huge, newPassword: huge },
  { firstName: huge, lastName: huge, email: `${huge}@x.com`, password: 'Valid-Password-1' },
  { email: 'fuzz@example.com', password: 'Valid-Password-1', firstName: 'Bob\u0000', lastName: 'Nul' },
  { email: 'fuzz2@example.com', password: 'Valid-Password-1', firstName: 'A', lastName: 'B', extra: { deep: [1, { x: null }] } },
  { __proto__: { isAdmin: true } },
  JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}'),
  { token: '\u0000' },
  { newPassword: 12345678 },
  { newPassword: ['longenough'] },
]

const RAW_BODIES: { body: string; contentType: string; headers?: Record<string, string> }[] = [
  { body: '{bad json', contentType: 'application/json' },
  { body: '', contentType: 'application/json' },
  { body: 'undefined', contentType: 'application/json' },
  { body: "{'single': 'quotes'}", contentType: 'application/json' },
  { body: '{"email": "a@b.co",}', contentType: 'application/json' },
  { body: '['.repeat(5000) + ']'.repeat(5000), contentType: 'application/json' },
  { body: `{"email": "${'x'.repeat(200_000)}"}`, contentType: 'application/json' },
  { body: 'email=a%40b.co&password=x', contentType: 'application/x-www-form-urlencoded' },
  { body: 'hello', contentType: 'text/plain' },
  { body: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.co\r\n--x--', contentType: 'multipart/form-data; boundary=x' },
  { body: '{"email":"a@b.co"}', contentType: 'application/json; charset=latin9' },
  { body: 'not gzip at all', contentType: 'application/json', headers: { 'content-encoding': 'gzip' } },
  { body: '{"email":"a@b.co"}', contentType: 'application/json', headers: { 'content-encoding': 'br-unknown' } },
  { body: '\u0000\u0001\u0002', contentType: 'application/octet-stream' },
]

const QUERIES = ['?to=', `?to=${'a'.repeat(5000)}`, '?to=a&to=b', '?to[]=x', '?to[$ne]=x', '?to=%00', '?to=%E0%A4%A', `?x=${'%'.repeat(10)}`]

/** fetch refuses GET bodies; a client that sends one anyway. */
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

async function expectNo5xx(method: string, path: string, send: () => Promise<{ status: number; text: string }>, label: string) {
  const res = await send()
  expect(res.status, `${method} ${path} with ${label} → ${res.status} ${res.text.slice(0, 200)}`).toBeLessThan(500)
}

describe('fuzzing every route', () => {
  for (const [method, path] of ROUTES) {
    it(`${method} ${path} never answers 5xx`, async () => {
      const identities: [string, Record<string, string>][] = [
        ['anonymous', {}],
        ['signed in', signedIn],
        ['forced reset', forcedReset],
        ['bad identity', { 'x-plumbline-identity': 'not.a.jwt' }],
      ]
      const bodies = [...FIXED_BODIES, ...textEdgeBodies(VALID_BODIES[path] ?? {}), ...randomBodies(40, path.length * 7919)]
      for (const [who, headers] of identities) {
        if (method === 'GET') {
          for (const q of ['', ...QUERIES]) await expectNo5xx(method, path, () => svc.call(method, `${path}${q}`, { headers }), `${who} ${q}`)
          await expectNo5xx(method, path, () => getWithBody(path, headers, '{"to": [1]}'), `${who} GET with a body`)
          await expectNo5xx(method, path, () => getWithBody(path, headers, '{broken'), `${who} GET with a broken body`)
          continue
        }
        for (const body of bodies) {
          await expectNo5xx(
            method,
            path,
            () => svc.call(method, path, { headers, rawBody: JSON.stringify(body) ?? 'null' }),
            `${who} ${JSON.stringify(body)?.slice(0, 80)}`,
          )
        }
        for (const raw of RAW_BODIES) {
          await expectNo5xx(
            method,
            path,
            () => svc.call(method, path, { headers: { ...headers, ...raw.headers }, rawBody: raw.body, contentType: raw.contentType }),
            `${who} raw ${raw.contentType} ${raw.body.slice(0, 40)}`,
          )
        }
      }
    })
  }

  it('nothing was polluted or half-created along the way', async () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined()
    expect(await svc.deps.prisma.user.count({ where: { firstName: { contains: 'Bob' } } })).toBe(0)
  })
})
