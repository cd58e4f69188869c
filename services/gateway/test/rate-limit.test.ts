import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type GatewayHarness, membership, startGateway } from './support/gateway-harness.js'

let gw: GatewayHarness

beforeAll(async () => {
  gw = await startGateway({ env: { RATE_LIMIT_LOGIN: '3', RATE_LIMIT_ACCOUNT: '2', RATE_LIMIT_PUBLIC_ESTIMATE: '4', RATE_LIMIT_AI: '2' } })
})
afterAll(() => gw.close())

const login = () => gw.api('/api/login', { method: 'POST', body: '{"email":"a@b.c","password":"wrong"}', headers: { 'content-type': 'application/json' } })

async function expectLimited(res: Response) {
  expect(res.status).toBe(429)
  const retryAfter = Number(res.headers.get('retry-after'))
  expect(retryAfter).toBeGreaterThanOrEqual(1)
  expect(retryAfter).toBeLessThanOrEqual(60)
  expect(await res.json()).toMatchObject({ status: 429, code: 'RATE_LIMITED' })
}

describe('rate limits', () => {
  it('answers 429 with Retry-After once an IP used up its logins, without forwarding', async () => {
    for (let i = 0; i < 3; i++) expect((await login()).status).toBe(200)
    const forwarded = gw.upstreams.auth.received.length
    await expectLimited(await login())
    expect(gw.upstreams.auth.received.length).toBe(forwarded)
  })

  it('does not count the login page (GET) against the limit', async () => {
    expect((await gw.api('/api/login')).status).toBe(200)
  })

  it('limits each account endpoint separately', async () => {
    for (const path of ['/api/register', '/api/request-password-reset', '/api/resend-verification', '/api/reset-password']) {
      for (let i = 0; i < 2; i++) expect((await gw.api(path, { method: 'POST', body: '{}' })).status).toBe(200)
      await expectLimited(await gw.api(path, { method: 'POST', body: '{}' }))
    }
  })

  it('limits public estimate look-ups', async () => {
    for (let i = 0; i < 4; i++) expect((await gw.api(`/api/public/estimates/token-${i}`)).status).toBe(200)
    await expectLimited(await gw.api('/api/public/estimates/token-x'))
  })

  it('limits AI calls per organisation, whichever member or IP makes them, and not the reads', async () => {
    const alice = await gw.signIn({ memberships: [membership('org-ai')] })
    const bob = await gw.signIn({ memberships: [membership('org-ai')] })
    const other = await gw.signIn({ memberships: [membership('org-calm')] })
    const generate = (user: typeof alice, org: string, ip: string) =>
      gw.api(`/api/organizations/${org}/estimates/e1/generate-all-content`, { method: 'POST', body: '{}', user, headers: { 'x-forwarded-for': ip } })
    expect((await generate(alice, 'org-ai', '10.0.0.1')).status).toBe(200)
    expect(
      (await gw.api('/api/organizations/org-ai/estimates/e1/content-sections/timeline/chat', { method: 'POST', body: '{"message":"hi"}', user: bob })).status,
    ).toBe(200)
    const forwarded = gw.upstreams.ai.received.length
    await expectLimited(await generate(bob, 'org-ai', '10.0.0.2'))
    expect(gw.upstreams.ai.received.length).toBe(forwarded)
    expect((await gw.api('/api/organizations/org-ai/estimates/e1/content-sections/timeline/chat', { user: alice })).status).toBe(200)
    expect((await generate(other, 'org-calm', '10.0.0.1')).status).toBe(200)
  })

  it('keeps counters under the deployment prefix in Redis', async () => {
    const keys = await gw.redis.keys(`${gw.prefix}:rl:*`)
    expect(keys.some((k) => k.startsWith(`${gw.prefix}:rl:login:`))).toBe(true)
    expect(await gw.redis.ttl(keys[0])).toBeGreaterThan(0)
  })
})
