import { IDENTITY_HEADER, RequestSubjects, SESSION_COOKIE, type SessionIdentity } from '@plumbline/contracts'
import { type Replier, reply } from '@plumbline/messaging'
import { verifyTestIdentity } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type GatewayHarness, membership, startGateway } from './support/gateway-harness.js'

let gw: GatewayHarness
let fakeAuth: Replier
const identitiesFromAuth = new Map<string, SessionIdentity>()

beforeAll(async () => {
  gw = await startGateway()
  // auth's side of the identity request, for sessions whose cached identity has expired
  fakeAuth = reply<{ userId: string }, SessionIdentity | null>(
    gw.bus,
    RequestSubjects.resolveIdentity,
    async ({ userId }) => identitiesFromAuth.get(userId) ?? null,
  )
})
afterAll(async () => {
  await fakeAuth.stop()
  await gw.close()
})

const lastAt = (service: keyof GatewayHarness['upstreams']) => gw.upstreams[service].received.at(-1)!

describe('identity forwarding', () => {
  it('forwards a verifiable identity token with the membership of the addressed organisation', async () => {
    const user = await gw.signIn({ memberships: [membership('org-a', 'Estimator'), membership('org-b', 'Owner')] })
    const res = await gw.api('/api/organizations/org-b/estimates?page=2&search=deck%20rebuild', { user })
    expect(res.status).toBe(200)
    const seen = lastAt('estimates')
    expect(seen.url).toBe('/organizations/org-b/estimates?page=2&search=deck%20rebuild')
    const claims = await verifyTestIdentity(String(seen.headers[IDENTITY_HEADER]))
    expect(claims).toMatchObject({
      sub: user.identity.userId,
      email: user.identity.email,
      systemRole: 'user',
      sessionId: user.sessionId,
      orgId: 'org-b',
      orgRole: 'Owner',
      permissions: membership('org-b').permissions,
    })
  })

  it('signs a short-lived token', async () => {
    const user = await gw.signIn({ memberships: [membership('org-a')] })
    await gw.api('/api/user', { user })
    const token = String(lastAt('auth').headers[IDENTITY_HEADER])
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString())
    expect(payload.exp - payload.iat).toBeLessThanOrEqual(60)
    // asymmetric: services hold only the public half, so none of them can mint an identity
    expect(JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString())).toMatchObject({ alg: 'EdDSA', kid: 'test-only' })
  })

  it("tells the service the client's address and protocol, taking X-Forwarded-* only from a trusted proxy", async () => {
    const user = await gw.signIn({ memberships: [] })
    const claimed = { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' }
    await gw.api('/api/user', { user, headers: claimed })
    // TRUST_PROXY unset: the peer is the client, whatever it claims
    expect(lastAt('auth').headers).toMatchObject({ 'x-forwarded-for': '127.0.0.1', 'x-forwarded-proto': 'http' })
    const behindProxy = await startGateway({ env: { TRUST_PROXY: '127.0.0.1/32' } })
    try {
      const proxied = await behindProxy.signIn({ memberships: [] })
      await behindProxy.api('/api/user', { user: proxied, headers: claimed })
      expect(behindProxy.upstreams.auth.received.at(-1)?.headers).toMatchObject({ 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' })
    } finally {
      await behindProxy.close()
    }
  })

  it('strips inbound identity and x-plumbline-* headers and the session cookie', async () => {
    const user = await gw.signIn({ memberships: [] })
    const res = await gw.api('/api/user', { user, headers: { [IDENTITY_HEADER]: 'forged', 'x-plumbline-org': 'org-z' } })
    expect(res.status).toBe(200)
    const seen = lastAt('auth')
    expect(seen.headers['x-plumbline-org']).toBeUndefined()
    expect(seen.headers[IDENTITY_HEADER]).not.toBe('forged')
    expect((await verifyTestIdentity(String(seen.headers[IDENTITY_HEADER]))).sub).toBe(user.identity.userId)
    expect(String(seen.headers.cookie ?? '')).not.toContain(SESSION_COOKIE)
  })

  it('forwards a forged identity header on a public route to nobody', async () => {
    await gw.api('/api/login', { headers: { [IDENTITY_HEADER]: 'forged' } })
    expect(lastAt('auth').headers[IDENTITY_HEADER]).toBeUndefined()
  })

  it('gives public routes the identity when signed in (logout needs the session id)', async () => {
    const user = await gw.signIn({ memberships: [] })
    const res = await gw.api('/api/logout', { method: 'POST', user })
    expect(res.status).toBe(200)
    const claims = await verifyTestIdentity(String(lastAt('auth').headers[IDENTITY_HEADER]))
    expect(claims.sessionId).toBe(user.sessionId)
  })

  it('adds a request id and a traceparent, keeping sane ones from the caller', async () => {
    const res = await gw.api('/api/login')
    const seen = lastAt('auth')
    expect(seen.headers['x-request-id']).toBe(res.headers.get('x-request-id'))
    expect(seen.headers.traceparent).toMatch(/^00-[\da-f]{32}-[\da-f]{16}-[\da-f]{2}$/)
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01'
    await gw.api('/api/login', { headers: { 'x-request-id': 'req-123', traceparent } })
    expect(lastAt('auth').headers).toMatchObject({ 'x-request-id': 'req-123', traceparent })
  })

  it('asks auth over NATS when the cached identity has expired', async () => {
    const user = await gw.signIn({ memberships: [membership('org-n')], cacheIdentity: false })
    identitiesFromAuth.set(user.identity.userId, user.identity)
    const res = await gw.api('/api/organizations/org-n/estimates', { user })
    expect(res.status).toBe(200)
    const claims = await verifyTestIdentity(String(lastAt('estimates').headers[IDENTITY_HEADER]))
    expect(claims.orgId).toBe('org-n')
  })

  it('treats a session whose user auth no longer knows as signed out', async () => {
    const user = await gw.signIn({ memberships: [membership('org-n')], cacheIdentity: false })
    expect((await gw.api('/api/user', { user })).status).toBe(401)
  })

  it('scopes optional-organisation routes by the organizationId query parameter', async () => {
    const user = await gw.signIn({ memberships: [membership('org-q')] })
    expect((await gw.api('/api/ai/generate-content?organizationId=org-q', { method: 'POST', user, body: '{}' })).status).toBe(200)
    expect((await verifyTestIdentity(String(lastAt('ai').headers[IDENTITY_HEADER]))).orgId).toBe('org-q')
    const before = gw.upstreams.ai.received.length
    expect((await gw.api('/api/ai/generate-content?organizationId=org-other', { method: 'POST', user, body: '{}' })).status).toBe(404)
    expect(gw.upstreams.ai.received.length).toBe(before)
  })

  it('scopes POST /api/ai/generate-content by the organizationId in its JSON body (spec 000 §7), with no query', async () => {
    const user = await gw.signIn({ memberships: [membership('org-b')] })
    const body = JSON.stringify({ organizationId: 'org-b', prompt: 'Roof repair', projectType: null, propertyData: null })
    const headers = { 'content-type': 'application/json' }
    expect((await gw.api('/api/ai/generate-content', { method: 'POST', user, body, headers })).status).toBe(200)
    expect((await verifyTestIdentity(String(lastAt('ai').headers[IDENTITY_HEADER]))).orgId).toBe('org-b')
    // The service receives the body the gateway read, byte for byte.
    expect(lastAt('ai').body.toString()).toBe(body)
    // An organisation the user does not belong to "does not exist", and nothing reaches the service.
    const before = gw.upstreams.ai.received.length
    const foreign = JSON.stringify({ organizationId: 'org-other', prompt: 'x' })
    expect((await gw.api('/api/ai/generate-content', { method: 'POST', user, body: foreign, headers })).status).toBe(404)
    expect(gw.upstreams.ai.received.length).toBe(before)
    // A body that names no organisation goes on unscoped: the service answers 400 naming the field.
    expect((await gw.api('/api/ai/generate-content', { method: 'POST', user, body: '{"prompt":"x"}', headers })).status).toBe(200)
    expect((await verifyTestIdentity(String(lastAt('ai').headers[IDENTITY_HEADER]))).orgId).toBeUndefined()
  })

  it('streams request bodies and passes status, headers and Set-Cookie back', async () => {
    gw.upstreams.auth.respondWith((_req, res, body) => {
      res.statusCode = 201
      res.setHeader('set-cookie', [`${SESSION_COOKIE}=new-session; Path=/; HttpOnly; SameSite=Lax`, 'other=1; Path=/'])
      res.setHeader('content-type', 'application/json')
      res.setHeader('x-upstream', 'auth')
      res.end(JSON.stringify({ echoed: JSON.parse(body.toString()) }))
    })
    try {
      const res = await gw.api('/api/login', {
        method: 'POST',
        body: JSON.stringify({ email: 'a@b.c', password: 'x' }),
        headers: { 'content-type': 'application/json' },
      })
      expect(res.status).toBe(201)
      expect(res.headers.get('x-upstream')).toBe('auth')
      const cookies = res.headers.getSetCookie()
      expect(cookies).toEqual(expect.arrayContaining([expect.stringContaining(`${SESSION_COOKIE}=new-session`), 'other=1; Path=/']))
      expect(await res.json()).toEqual({ echoed: { email: 'a@b.c', password: 'x' } })
      expect(lastAt('auth').headers['content-type']).toBe('application/json')
    } finally {
      gw.upstreams.auth.respondWith(undefined)
    }
  })
})
