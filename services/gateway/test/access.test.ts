import { IDENTITY_HEADER, redisKeys, SESSION_COOKIE } from '@plumbline/contracts'
import { sessionKey } from '@plumbline/service-kit'
import { verifyTestIdentity } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type GatewayHarness, membership, startGateway, type TestUser } from './support/gateway-harness.js'

let gw: GatewayHarness
let member: TestUser
let outsider: TestUser
let admin: TestUser

beforeAll(async () => {
  gw = await startGateway()
  member = await gw.signIn({ memberships: [membership('org-1')] })
  outsider = await gw.signIn({ memberships: [membership('org-2')] })
  admin = await gw.signIn({ systemRole: 'admin', memberships: [] })
})
afterAll(() => gw.close())

const expectProblem = async (res: Response, status: number, code: string) => {
  expect(res.status).toBe(status)
  expect(res.headers.get('content-type')).toContain('application/problem+json')
  expect(await res.json()).toMatchObject({ status, code })
}

describe('sessions', () => {
  it('answers 401 without a session on user, org and admin routes, forwarding nothing', async () => {
    const before = gw.forwardedCount()
    for (const path of ['/api/user', '/api/organizations/org-1/estimates', '/api/admin/users']) {
      await expectProblem(await gw.api(path), 401, 'UNAUTHENTICATED')
    }
    expect(gw.forwardedCount()).toBe(before)
  })

  it('answers 401 for an unknown or expired session id', async () => {
    const ghost: TestUser = { ...member, sessionId: 'x'.repeat(32), cookie: `${SESSION_COOKIE}=${'x'.repeat(32)}` }
    await expectProblem(await gw.api('/api/user', { user: ghost }), 401, 'UNAUTHENTICATED')
    const garbage: TestUser = { ...member, cookie: `${SESSION_COOKIE}=../../etc` }
    await expectProblem(await gw.api('/api/user', { user: garbage }), 401, 'UNAUTHENTICATED')
  })

  it('sees a sign-out, a session that expires and a membership change on the next request, although session reads are cached', async () => {
    const user = await gw.signIn({ memberships: [membership('org-1')] })
    const ok = () => gw.api('/api/organizations/org-1/estimates', { user })
    expect((await ok()).status).toBe(200)
    expect((await ok()).status).toBe(200) // now answered from the cache
    // Another org's membership replaces this one (the identity key is rewritten by auth).
    const identityKey = redisKeys.identity(gw.env.REDIS_PREFIX, user.identity.userId)
    await gw.redis.set(identityKey, JSON.stringify({ ...user.identity, memberships: [membership('org-9')] }), { EX: 300 })
    await expect.poll(async () => (await ok()).status, { timeout: 2000, interval: 20 }).toBe(404)
    // Sign-out deletes the session key.
    await gw.redis.del(sessionKey(gw.env.REDIS_PREFIX, user.sessionId))
    await expect.poll(async () => (await gw.api('/api/user', { user })).status, { timeout: 2000, interval: 20 }).toBe(401)
    // A session key that expires in Redis.
    const short = await gw.signIn({ memberships: [] })
    expect((await gw.api('/api/user', { user: short })).status).toBe(200)
    await gw.redis.pExpire(sessionKey(gw.env.REDIS_PREFIX, short.sessionId), 50)
    await expect.poll(async () => (await gw.api('/api/user', { user: short })).status, { timeout: 3000, interval: 50 }).toBe(401)
  })

  it('drops every remembered session of a user on a role change, and only the signed-out one on sign-out', async () => {
    const laptop = await gw.signIn({ memberships: [membership('org-1', 'Owner')] })
    const phone: TestUser = { ...laptop, sessionId: `${laptop.sessionId}-phone`, cookie: `${laptop.cookie}-phone` }
    await gw.redis.set(
      sessionKey(gw.env.REDIS_PREFIX, phone.sessionId),
      JSON.stringify({ userId: laptop.identity.userId, createdAt: new Date().toISOString() }),
      { EX: 600 },
    )
    const roleSeen = async (user: TestUser) => {
      expect((await gw.api('/api/organizations/org-1/estimates', { user })).status).toBe(200)
      return (await verifyTestIdentity(String(gw.upstreams.estimates.received.at(-1)!.headers[IDENTITY_HEADER]))).orgRole
    }
    for (const user of [laptop, phone, laptop, phone]) expect(await roleSeen(user)).toBe('Owner') // the second round is remembered
    const identityKey = redisKeys.identity(gw.env.REDIS_PREFIX, laptop.identity.userId)
    await gw.redis.set(identityKey, JSON.stringify({ ...laptop.identity, memberships: [membership('org-1', 'Viewer')] }), { EX: 300 })
    for (const user of [laptop, phone]) await expect.poll(() => roleSeen(user), { timeout: 2000, interval: 20 }).toBe('Viewer')
    await gw.redis.del(sessionKey(gw.env.REDIS_PREFIX, phone.sessionId))
    await expect.poll(async () => (await gw.api('/api/user', { user: phone })).status, { timeout: 2000, interval: 20 }).toBe(401)
    expect((await gw.api('/api/user', { user: laptop })).status).toBe(200)
  })

  it('lets anonymous callers through public routes without a token', async () => {
    expect((await gw.api('/api/public/estimates/share-token')).status).toBe(200)
    expect(gw.upstreams.estimates.received.at(-1)!.headers[IDENTITY_HEADER]).toBeUndefined()
  })
})

describe('tenancy', () => {
  it('forwards a member of the organisation', async () => {
    expect((await gw.api('/api/organizations/org-1/estimates/e1', { user: member })).status).toBe(200)
  })

  it('answers 404 (never 403) to a member of another organisation and forwards nothing', async () => {
    const before = gw.forwardedCount()
    await expectProblem(await gw.api('/api/organizations/org-1/estimates/e1', { user: outsider }), 404, 'NOT_FOUND')
    await expectProblem(await gw.api('/api/organizations/org-1/estimates', { method: 'POST', user: outsider, body: '{}' }), 404, 'NOT_FOUND')
    await expectProblem(await gw.api('/api/organizations/no-such-org/usage', { user: member }), 404, 'NOT_FOUND')
    expect(gw.forwardedCount()).toBe(before)
  })

  it('checks the organizationId query parameter of the dashboard metrics', async () => {
    const ok = await gw.api('/api/dashboard/metrics?organizationId=org-1', { user: member })
    expect(ok.status).toBe(200)
    const claims = await verifyTestIdentity(String(gw.upstreams.admin.received.at(-1)!.headers[IDENTITY_HEADER]))
    expect(claims.orgId).toBe('org-1')
    const before = gw.forwardedCount()
    await expectProblem(await gw.api('/api/dashboard/metrics?organizationId=org-1', { user: outsider }), 404, 'NOT_FOUND')
    await expectProblem(await gw.api('/api/dashboard/metrics', { user: member }), 404, 'NOT_FOUND')
    await expectProblem(await gw.api('/api/dashboard/metrics?organizationId=org-1&organizationId=org-2', { user: outsider }), 404, 'NOT_FOUND')
    expect(gw.forwardedCount()).toBe(before)
  })

  it('does not let a platform admin into organisations they do not belong to', async () => {
    await expectProblem(await gw.api('/api/organizations/org-1/estimates', { user: admin }), 404, 'NOT_FOUND')
  })
})

describe('admin routes', () => {
  it('answers 403 to signed-in users who are not platform admins', async () => {
    await expectProblem(await gw.api('/api/admin/users', { user: member }), 403, 'FORBIDDEN')
    await expectProblem(await gw.api('/api/health/detailed', { user: member }), 403, 'FORBIDDEN')
  })

  it('forwards admins and superadmins with their system role', async () => {
    const superadmin = await gw.signIn({ systemRole: 'superadmin' })
    for (const user of [admin, superadmin]) {
      expect((await gw.api('/api/admin/subscription-overrides', { user })).status).toBe(200)
      const seen = gw.upstreams.admin.received.at(-1)!
      expect(seen.url).toBe('/admin/subscription-overrides')
      expect((await verifyTestIdentity(String(seen.headers[IDENTITY_HEADER]))).systemRole).toBe(user.identity.systemRole)
    }
  })
})

describe('unknown paths', () => {
  it('answers 404 problem+json for an unknown /api path without forwarding', async () => {
    const before = gw.forwardedCount()
    await expectProblem(await gw.api('/api/does-not-exist', { user: member }), 404, 'NOT_FOUND')
    await expectProblem(await gw.api('/api/organizations/org-1/../org-2/estimates', { user: member }), 404, 'NOT_FOUND')
    expect(gw.forwardedCount()).toBe(before)
  })
})
