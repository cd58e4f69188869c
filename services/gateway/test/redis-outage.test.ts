import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type GatewayHarness, membership, startGateway, type TestUser } from './support/gateway-harness.js'
import { type OwnRedis, startOwnRedis } from './support/redis-server.js'

let redis: OwnRedis
let gw: GatewayHarness
let user: TestUser

beforeAll(async () => {
  redis = await startOwnRedis()
  gw = await startGateway({ redisUrl: redis.url, env: { DEPENDENCY_TIMEOUT_MS: '300' } })
  user = await gw.signIn({ memberships: [membership('org-1')] })
})
afterAll(async () => {
  await redis.stop()
  await gw.close()
})

async function expectUnavailable(res: Response) {
  expect(res.status).toBe(503)
  expect(res.headers.get('retry-after')).toBe('5')
  expect(await res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' })
}

describe('Redis outage', () => {
  it('works while Redis is up', async () => {
    expect((await gw.api('/api/organizations/org-1/estimates', { user })).status).toBe(200)
  })

  it('answers 503 with Retry-After (not a hang) when Redis stops answering', async () => {
    const newcomer = await gw.signIn({ memberships: [membership('org-1')] })
    redis.pause()
    try {
      const started = performance.now()
      await expectUnavailable(await gw.api('/api/organizations/org-1/estimates', { user: newcomer }))
      expect(performance.now() - started).toBeLessThan(2000)
      // A session read moments ago is still in the gateway's cache (SESSION_READ_CACHE): while
      // Redis stalls nothing can revoke it either (auth's sign-out writes to the same Redis).
      expect((await gw.api('/api/organizations/org-1/estimates', { user })).status).toBe(200)
    } finally {
      redis.resume()
    }
  })

  it('answers 503 at once when Redis is gone, and still serves public routes', async () => {
    await redis.stop()
    await new Promise((r) => setTimeout(r, 100))
    const started = performance.now()
    await expectUnavailable(await gw.api('/api/user', { user }))
    expect(performance.now() - started).toBeLessThan(1000)
    await expectUnavailable(await gw.api('/api/login', { method: 'POST', body: '{}' })) // rate-limited: fails closed
    expect((await gw.api('/api/login', { user })).status).toBe(200)
    const ready = await fetch(`${gw.url}/readyz`)
    expect(ready.status).toBe(503)
  })
})
