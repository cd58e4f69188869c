import { CSRF_COOKIE } from '@plumbline/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type GatewayHarness, membership, startGateway, type TestUser } from './support/gateway-harness.js'

let gw: GatewayHarness
let user: TestUser

beforeAll(async () => {
  gw = await startGateway({ env: { PUBLIC_ORIGIN: 'https://app.plumbline.test' } })
  user = await gw.signIn({ memberships: [membership('org-1')] })
})
afterAll(() => gw.close())

const post = (opts: Parameters<GatewayHarness['api']>[1] = {}) =>
  gw.api('/api/organizations/org-1/estimates', {
    method: 'POST',
    user,
    body: '{"projectName":"Deck"}',
    headers: { 'content-type': 'application/json', ...opts.headers },
    csrf: opts.csrf,
  })

const expectCsrfRefusal = async (res: Response) => {
  expect(res.status).toBe(403)
  expect(await res.json()).toMatchObject({ status: 403, code: 'CSRF_FAILED' })
}

describe('CSRF', () => {
  it('issues a readable token cookie when the browser has none', async () => {
    const res = await gw.api('/remotes.json', { csrf: false })
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${CSRF_COOKIE}=`))!
    expect(cookie).toMatch(new RegExp(`^${CSRF_COOKIE}=[\\w-]{40,}; Path=/; SameSite=Lax$`))
    expect(cookie).not.toMatch(/HttpOnly/i)
    const again = await gw.api('/remotes.json')
    expect(again.headers.getSetCookie().some((c) => c.startsWith(`${CSRF_COOKIE}=`))).toBe(false)
  })

  it('refuses writes without the token, forwarding nothing', async () => {
    const before = gw.forwardedCount()
    await expectCsrfRefusal(await post({ csrf: false }))
    expect(gw.forwardedCount()).toBe(before)
  })

  it('refuses writes whose header does not match the cookie', async () => {
    await expectCsrfRefusal(await post({ csrf: 'another-token-value-0000000000000' }))
  })

  it('refuses writes from another origin even with a valid token', async () => {
    await expectCsrfRefusal(await post({ headers: { origin: 'https://evil.example' } }))
    await expectCsrfRefusal(await post({ headers: { referer: 'https://evil.example/page' } }))
    await expectCsrfRefusal(await post({ headers: { origin: 'null' } }))
  })

  it('accepts writes with the token from the public origin, the own host, or no origin at all', async () => {
    expect((await post({ headers: { origin: 'https://app.plumbline.test' } })).status).toBe(200)
    expect((await post({ headers: { origin: gw.url } })).status).toBe(200)
    expect((await post({ headers: { referer: `${gw.url}/cost-estimator` } })).status).toBe(200)
    expect((await post()).status).toBe(200)
    expect(gw.upstreams.estimates.received.at(-1)!.body.toString()).toBe('{"projectName":"Deck"}')
  })

  it('applies to public writes such as login too', async () => {
    await expectCsrfRefusal(await gw.api('/api/login', { method: 'POST', body: '{}', csrf: false }))
  })

  it('never asks reads for a token', async () => {
    expect((await gw.api('/api/organizations/org-1/estimates', { user, csrf: false, headers: { origin: 'https://evil.example' } })).status).toBe(200)
  })
})
