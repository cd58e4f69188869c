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

  it("lets a mail client's one-click unsubscribe through without a token (RFC 8058), and no other public write", async () => {
    const before = gw.forwardedCount()
    const oneClick = await gw.api('/api/public/notification-preferences/unsubscribe/some-token', {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
      csrf: false,
    })
    expect(oneClick.status).toBe(200)
    expect(gw.forwardedCount()).toBe(before + 1)
    expect(gw.upstreams.admin.received.at(-1)!.url).toBe('/public/notification-preferences/unsubscribe/some-token')
    await expectCsrfRefusal(await gw.api('/api/public/estimates/some-token/approve', { method: 'POST', body: '{}', csrf: false }))
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

  describe('bound to the session (issue 16 §9)', () => {
    const write = (cookieToken: string, headerToken = cookieToken, who: TestUser = user) =>
      fetch(`${gw.url}/api/organizations/org-1/estimates`, {
        method: 'POST',
        headers: { cookie: `${who.cookie}; ${CSRF_COOKIE}=${cookieToken}`, 'x-csrf-token': headerToken, 'content-type': 'application/json' },
        body: '{}',
      })
    const tokenFrom = (res: Response) =>
      res.headers
        .getSetCookie()
        .find((c) => c.startsWith(`${CSRF_COOKIE}=`))
        ?.split(';')[0]
        .slice(CSRF_COOKIE.length + 1)

    it("refuses another session's token, even echoed correctly", async () => {
      const other = await gw.signIn({ memberships: [membership('org-1')] })
      const othersToken = tokenFrom(await gw.api('/remotes.json', { user: other, csrf: false }))!
      expect(othersToken).toContain('.')
      await expectCsrfRefusal(await write(othersToken))
      expect((await write(othersToken, othersToken, other)).status).toBe(200)
    })

    it('refuses a token issued before sign-in once a session exists, and replaces it on the next read', async () => {
      const anonymous = tokenFrom(await gw.api('/remotes.json', { csrf: false }))!
      expect(anonymous).not.toContain('.')
      await expectCsrfRefusal(await write(anonymous))
      const read = await fetch(`${gw.url}/remotes.json`, { headers: { cookie: `${user.cookie}; ${CSRF_COOKIE}=${anonymous}` } })
      const bound = tokenFrom(read)!
      expect(bound).toContain('.')
      expect((await write(bound)).status).toBe(200)
    })

    it('refuses a forged signature', async () => {
      const real = tokenFrom(await gw.api('/remotes.json', { user, csrf: false }))!
      const forged = `${real.split('.')[0]}.${'A'.repeat(43)}`
      await expectCsrfRefusal(await write(forged))
    })

    it('answers a sign-in with a token bound to the new session, so the next write needs no read first', async () => {
      gw.upstreams.auth.respondWith((_req, res) => {
        res.setHeader('set-cookie', 'plumbline_sid=new-session-id-0123456789; Path=/; HttpOnly; SameSite=Lax')
        res.setHeader('content-type', 'application/json')
        res.end('{}')
      })
      try {
        const login = await gw.api('/api/login', { method: 'POST', body: '{}' })
        expect(login.status).toBe(200)
        const token = tokenFrom(login)!
        expect(token).toContain('.')
        const fresh = { cookie: 'plumbline_sid=new-session-id-0123456789' } as TestUser
        // The session id in the cookie is not a live session here: the write is refused after CSRF, not by it.
        const res = await write(token, token, fresh)
        expect(res.status).not.toBe(403)
      } finally {
        gw.upstreams.auth.respondWith(undefined)
      }
    })
  })
})
