import { mkdtempSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { IDENTITY_HEADER, type IdentityClaims, type Problem } from '@plumbline/contracts'
import type { ApiRoute } from '@plumbline/contracts/api-routes'
import {
  catalogueRouter,
  createLogger,
  createMetrics,
  createServiceApp,
  generateIdentityKeyEnv,
  identityKeySet,
  identityVerifier,
  parseSigningKey,
  signIdentity,
} from '@plumbline/service-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

const ORG = '11111111-1111-4111-8111-111111111111'
const routes = [
  {
    id: 'postThings',
    method: 'POST',
    path: '/organizations/:orgId/things',
    service: 'estimates',
    access: 'org',
    permission: { module: 'cost_estimator', action: 'create' },
    body: z.object({ name: z.string().min(1, 'Name is required') }),
    reply: z.object({ name: z.string(), orgId: z.string() }),
    status: 201,
  },
  {
    id: 'getThings',
    method: 'GET',
    path: '/things',
    service: 'estimates',
    access: 'user',
    permission: { module: 'cost_estimator', action: 'access' },
    query: z.object({ organizationId: z.string(), limit: z.coerce.number().int().max(50) }),
  },
  { id: 'deleteThing', method: 'DELETE', path: '/organizations/:orgId/things/:id', service: 'estimates', access: 'org', status: 204 },
  { id: 'getAdminThings', method: 'GET', path: '/admin/things', service: 'estimates', access: 'admin' },
  { id: 'getPublicThing', method: 'GET', path: '/public/things', service: 'estimates', access: 'public' },
] as const satisfies readonly ApiRoute[]

const key = parseSigningKey(generateIdentityKeyEnv().IDENTITY_SIGNING_KEY)
const keysFile = join(mkdtempSync(join(tmpdir(), 'route-keys-')), 'identity-keys.json')
writeFileSync(keysFile, JSON.stringify({ keys: [key.publicJwk] }))
const keySet = identityKeySet({ file: keysFile, mode: 'test' })
let server: Server
let base: string
const deleted: string[] = []

beforeAll(async () => {
  const app = createServiceApp({
    name: 'route-test',
    logger: createLogger('route-test', 'silent'),
    metrics: createMetrics('route-test'),
    verifyIdentity: identityVerifier(keySet),
    readiness: [],
    routes: (a) => {
      const api = catalogueRouter(routes)
        // The handler's input and reply are typed from the entry's schemas.
        .on('postThings', ({ ctx, body }) => ({ name: body.name, orgId: ctx.orgId }))
        .on('getThings', ({ query }) => ({ limit: query.limit }))
        .on('deleteThing', ({ req }) => {
          deleted.push(String(req.params.id))
        })
        .on('getAdminThings', ({ ctx }) => ({ admin: ctx.userId }))
        .on('getPublicThing', ({ ctx }) => ({ signedIn: ctx !== undefined }))
      a.use(api.router)
    },
  })
  server = app.listen(0)
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  keySet.close()
  server?.close()
})

const claims = (over: Partial<IdentityClaims> = {}): IdentityClaims => ({
  sub: '22222222-2222-4222-8222-222222222222',
  email: 'a@example.com',
  systemRole: 'user',
  orgId: ORG,
  permissions: { cost_estimator: ['access', 'create'] },
  ...over,
})
async function call(path: string, opts: { method?: string; body?: unknown; as?: IdentityClaims } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (opts.as) headers[IDENTITY_HEADER] = await signIdentity(opts.as, key)
  return fetch(`${base}${path}`, { method: opts.method ?? 'GET', headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) })
}

describe('catalogueRouter', () => {
  it("sends the handler's reply with the entry's status, and 204 with no body", async () => {
    const res = await call(`/organizations/${ORG}/things`, { method: 'POST', body: { name: 'Deck' }, as: claims() })
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ name: 'Deck', orgId: ORG })
    const gone = await call(`/organizations/${ORG}/things/abc`, { method: 'DELETE', as: claims() })
    expect(gone.status).toBe(204)
    expect(await gone.text()).toBe('')
    expect(deleted).toEqual(['abc'])
  })

  it("refuses a role without the entry's permission with 403, before reading the body", async () => {
    const res = await call(`/organizations/${ORG}/things`, { method: 'POST', body: { name: '' }, as: claims({ permissions: { cost_estimator: ['access'] } }) })
    expect(res.status).toBe(403)
    expect(((await res.json()) as Problem).detail).toBe('Your role does not allow create in cost_estimator')
  })

  it('answers a bad body with 400 naming the field, and another organisation with 404', async () => {
    const bad = await call(`/organizations/${ORG}/things`, { method: 'POST', body: { name: '' }, as: claims() })
    expect(bad.status).toBe(400)
    expect((await bad.json()) as Problem).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'name', message: 'Name is required' }] })
    const other = await call('/organizations/33333333-3333-4333-8333-333333333333/things', { method: 'POST', body: { name: 'x' }, as: claims() })
    expect(other.status).toBe(404)
  })

  it("scopes a route without :orgId to the query's organizationId after parsing it", async () => {
    expect(await (await call(`/things?organizationId=${ORG}&limit=5`, { as: claims() })).json()).toEqual({ limit: 5 })
    const bad = await call(`/things?organizationId=${ORG}&limit=500`, { as: claims() })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as Problem).errors?.[0]?.field).toBe('limit')
    expect((await call('/things?organizationId=elsewhere&limit=5', { as: claims() })).status).toBe(404)
    expect((await call(`/things?organizationId=${ORG}&limit=5`)).status).toBe(401)
  })

  it('lets only platform admins call admin routes, and anyone call public ones', async () => {
    expect((await call('/admin/things', { as: claims() })).status).toBe(403)
    expect((await call('/admin/things', { as: claims({ systemRole: 'admin' }) })).status).toBe(200)
    expect(await (await call('/public/things')).json()).toEqual({ signedIn: false })
    expect(await (await call('/public/things', { as: claims() })).json()).toEqual({ signedIn: true })
  })
})
