import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ZTrustProxy } from '../src/env.js'
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

  it('ignores X-Forwarded-For from a peer that is not a configured proxy: 12 logins with rotating addresses get 429', async () => {
    const direct = await startGateway({ env: { RATE_LIMIT_LOGIN: '10' } })
    try {
      const statuses: number[] = []
      for (let i = 1; i <= 12; i++) {
        const res = await direct.api('/api/login', { method: 'POST', body: '{}', headers: { 'x-forwarded-for': `203.0.113.${i}` } })
        statuses.push(res.status)
      }
      expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true)
      expect(statuses.slice(10)).toEqual([429, 429])
    } finally {
      await direct.close()
    }
  })

  it('behind a configured proxy, counts each forwarded client separately (list of addresses, or a hop count)', async () => {
    for (const TRUST_PROXY of ['127.0.0.1/32', '1']) {
      const proxied = await startGateway({ env: { RATE_LIMIT_LOGIN: '2', TRUST_PROXY } })
      try {
        const from = (ip: string) => proxied.api('/api/login', { method: 'POST', body: '{}', headers: { 'x-forwarded-for': ip } })
        for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
          expect((await from(ip)).status).toBe(200)
          expect((await from(ip)).status).toBe(200)
        }
        expect((await from('198.51.100.1')).status).toBe(429)
        // a client's own XFF entry before the proxy's does not choose its bucket
        expect((await from('203.0.113.9, 198.51.100.2')).status).toBe(429)
      } finally {
        await proxied.close()
      }
    }
  })

  it('refuses TRUST_PROXY=true and entries that are not addresses', () => {
    expect(ZTrustProxy.safeParse('true').success).toBe(false)
    expect(ZTrustProxy.safeParse('10.0.0.0/33').success).toBe(false)
    expect(ZTrustProxy.safeParse('proxy.example.com').success).toBe(false)
    expect(ZTrustProxy.parse(undefined)).toBe(false)
    expect(ZTrustProxy.parse('10.0.0.0/8, fd00::/8,loopback')).toEqual(['10.0.0.0/8', 'fd00::/8', 'loopback'])
    expect(ZTrustProxy.parse('2')).toBe(2)
  })

  it('keeps counters under the deployment prefix in Redis', async () => {
    const keys = await gw.redis.keys(`${gw.prefix}:rl:*`)
    expect(keys.some((k) => k.startsWith(`${gw.prefix}:rl:login:`))).toBe(true)
    expect(await gw.redis.ttl(keys[0])).toBeGreaterThan(0)
  })
})

describe('a tenant’s share of the gateway', () => {
  it('answers 429 to a noisy organisation once its burst is spent, while another organisation is served', async () => {
    const limited = await startGateway({ env: { TENANT_RATE_PER_SECOND: '1', TENANT_BURST: '5' } })
    try {
      const noisy = await limited.signIn({ memberships: [membership('org-noisy')] })
      const calm = await limited.signIn({ memberships: [membership('org-calm')] })
      const statuses: number[] = []
      for (let i = 0; i < 8; i++) statuses.push((await limited.api('/api/organizations/org-noisy/estimates', { user: noisy })).status)
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200])
      expect(statuses.slice(5).every((s) => s === 429)).toBe(true)
      const refused = await limited.api('/api/organizations/org-noisy/estimates', { user: noisy })
      await expectLimited(refused)
      expect((await limited.api('/api/organizations/org-calm/estimates', { user: calm })).status).toBe(200)
    } finally {
      await limited.close()
    }
  })
})
