import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { networkInterfaces, tmpdir } from 'node:os'
import { join } from 'node:path'
import { API_ROUTES } from '@plumbline/contracts/api-routes'
import { generateIdentityKeyEnv } from '@plumbline/service-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_REMOTES } from '../src/env.js'
import { type GatewayHarness, membership, startGateway } from './support/gateway-harness.js'

let gw: GatewayHarness
let shell: GatewayHarness
let prod: GatewayHarness
let dist: string
type Readiness = { status: string; checks: { component: string; status: string }[]; upstreams: { component: string; status: string }[] }
const remotes = { estimates: 'https://cdn.example/estimates/mf-manifest.json' }

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'gw-shell-'))
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Plumbline</title>')
  writeFileSync(join(dist, 'app.1234.js'), 'console.log(1)')
  gw = await startGateway()
  shell = await startGateway({ env: { SHELL_DIST: dist, REMOTES_JSON: JSON.stringify(remotes) } })
  prod = await startGateway({ env: { NODE_ENV: 'production', HOST: '127.0.0.1', IDENTITY_SIGNING_KEY: generateIdentityKeyEnv().IDENTITY_SIGNING_KEY } })
})
afterAll(async () => {
  await Promise.all([gw.close(), shell.close(), prod.close()])
  rmSync(dist, { recursive: true, force: true })
})

describe('openapi.json', () => {
  it('serves the OpenAPI 3.1 document of the route catalogue to anyone, signed in or not', async () => {
    const res = await gw.api('/api/openapi.json')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/json')
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, { operationId: string }>> }
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.paths['/api/organizations/{orgId}/estimates']?.post?.operationId).toBe('postEstimates')
    expect(Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0)).toBe(API_ROUTES.length)
  })
})

describe('remotes.json', () => {
  it('serves the default remote manifests, never cached', async () => {
    const res = await gw.api('/remotes.json')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(await res.json()).toEqual(DEFAULT_REMOTES)
  })

  it('serves REMOTES_JSON when set', async () => {
    expect(await (await shell.api('/remotes.json')).json()).toEqual(remotes)
  })
})

describe('shell', () => {
  it('serves the built shell with security headers and falls back to index.html for app routes', async () => {
    for (const path of ['/', '/cost-estimator/123']) {
      const res = await shell.api(path)
      expect(res.status).toBe(200)
      expect(await res.text()).toContain('<title>Plumbline</title>')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('x-frame-options')).toBe('DENY')
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(res.headers.get('cache-control')).toBe('no-cache')
    }
    const asset = await shell.api('/app.1234.js')
    expect(asset.headers.get('cache-control')).toContain('immutable')
  })

  it('never answers unknown /api paths with the shell', async () => {
    const res = await shell.api('/api/unknown')
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toContain('application/problem+json')
  })

  it('answers 404 for pages when no shell is configured', async () => {
    expect((await gw.api('/somewhere')).status).toBe(404)
  })
})

describe('development mail sink', () => {
  it('proxies /__dev/mail and /__dev/mailbox to auth outside production', async () => {
    expect((await gw.api('/__dev/mailbox?to=a%40b.c')).status).toBe(200)
    expect(gw.upstreams.auth.received.at(-1)!.url).toBe('/__dev/mailbox?to=a%40b.c')
    expect((await gw.api('/__dev/mail')).status).toBe(200)
    expect(gw.upstreams.auth.received.at(-1)!.url).toBe('/__dev/mail')
  })

  it('answers only a peer on this machine (by socket address; a forwarded header does not count)', async () => {
    const lan = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal)
    expect(lan, 'this test needs a non-loopback IPv4 interface').toBeDefined()
    const open = await startGateway({ listenHost: '0.0.0.0' })
    try {
      const port = new URL(open.url).port
      for (const path of ['/__dev/mail', '/__dev/mailbox?to=a%40b.c']) {
        const remote = await fetch(`http://${lan!.address}:${port}${path}`, { headers: { 'x-forwarded-for': '127.0.0.1' } })
        expect(remote.status).toBe(404)
        expect((await fetch(`http://127.0.0.1:${port}${path}`)).status).toBe(200)
      }
      expect(open.upstreams.auth.received).toHaveLength(2)
    } finally {
      await open.close()
    }
  })

  it('does not exist in production', async () => {
    expect((await prod.api('/__dev/mail')).status).toBe(404)
    expect(prod.upstreams.auth.received).toHaveLength(0)
  })

  it('marks the CSRF cookie Secure in production', async () => {
    const cookies = (await prod.api('/remotes.json', { csrf: false })).headers.getSetCookie()
    expect(cookies.find((c) => c.startsWith('plumbline_csrf='))).toMatch(/; Secure$/)
  })
})

describe('health and metrics', () => {
  it('answers /healthz and reports Redis, NATS and the upstreams on /readyz', async () => {
    expect(await (await gw.api('/healthz')).json()).toEqual({ status: 'ok' })
    const ready = await gw.internal('/readyz')
    expect(ready.status).toBe(200)
    const body = (await ready.json()) as Readiness
    expect(body.checks.map((c) => c.component)).toEqual(['redis', 'nats'])
    expect(body.upstreams).toHaveLength(6)
  })

  it('reports upstreams as information only: a dead service does not make the gateway unready', async () => {
    gw.upstreams.ai.respondWith((_req, res) => {
      res.statusCode = 500
      res.end()
    })
    try {
      const ready = await gw.internal('/readyz')
      expect(ready.status).toBe(200)
      const ai = ((await ready.json()) as Readiness).upstreams.find((u) => u.component === 'ai')
      expect(ai?.status).toBe('unhealthy')
    } finally {
      gw.upstreams.ai.respondWith(undefined)
    }
  })

  it('keeps /metrics and /readyz off the public listener', async () => {
    for (const path of ['/metrics', '/readyz']) {
      expect((await gw.api(path)).status).toBe(404)
      const page = await (await shell.api(path)).text() // the shell's page fallback, nothing more
      expect(page).not.toMatch(/http_requests_total|upstreams/)
    }
    expect((await gw.api('/healthz')).status).toBe(200)
  })

  it('labels request metrics with the route-table pattern', async () => {
    const user = await gw.signIn({ memberships: [membership('org-1')] })
    await gw.api('/api/organizations/org-1/estimates/e-42', { user })
    const text = await (await gw.internal('/metrics')).text()
    expect(text).toMatch(/http_requests_total\{[^}]*route="\/api\/organizations\/:orgId\/:resource\/\*"[^}]*status="200"/)
    expect(text).not.toContain('e-42')
  })
})

describe('security headers', () => {
  it('sends a Content-Security-Policy naming the remotes, no framing, no inline script or eval', async () => {
    const csp = (await shell.api('/')).headers.get('content-security-policy') ?? ''
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src ')) ?? ''
    expect(scriptSrc).toContain("'self'")
    for (const url of Object.values(remotes)) expect(scriptSrc).toContain(new URL(url).origin)
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/)
  })

  it('leaves the policy off script and style files (a browser applies it to documents only), never off pages or API answers', async () => {
    const script = await shell.api('/app.1234.js')
    expect(script.status).toBe(200)
    expect(script.headers.get('content-security-policy')).toBeNull()
    expect(script.headers.get('x-content-type-options')).toBe('nosniff')
    expect((await shell.api('/some/deep/link')).headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect((await gw.api('/api/auth/user')).headers.get('content-security-policy')).toContain("default-src 'self'")
    expect((await gw.api('/api/public/logos/x.png')).headers.get('content-security-policy')).toContain("default-src 'self'")
  })

  it('sends HSTS in production only', async () => {
    expect((await prod.api('/remotes.json')).headers.get('strict-transport-security')).toMatch(/max-age=\d{8}/)
    expect((await gw.api('/remotes.json')).headers.get('strict-transport-security')).toBeNull()
  })

  it('marks tenant API reads no-store unless the service says otherwise', async () => {
    const user = await gw.signIn({ memberships: [membership('org-h')] })
    expect((await gw.api('/api/organizations/org-h/estimates', { user })).headers.get('cache-control')).toBe('no-store')
    expect((await gw.api('/api/auth/user', { user })).headers.get('cache-control')).toBe('no-store')
  })

  it('serves the share page and the public estimate API without referrer and not indexed', async () => {
    for (const res of [await shell.api('/share/some-token'), await gw.api('/api/public/estimates/some-token')]) {
      expect(res.headers.get('referrer-policy')).toBe('no-referrer')
      expect(res.headers.get('x-robots-tag')).toContain('noindex')
    }
    expect((await shell.api('/')).headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  })
})

describe('session cookie name in production', () => {
  it('reads the session only from the __Host- cookie, and never forwards it', async () => {
    const user = await prod.signIn({})
    const asCookie = (cookie: string) => prod.api('/api/auth/user', { headers: { cookie: `${cookie}; plumbline_csrf=t` }, csrf: false })
    expect((await asCookie(`plumbline_sid=${user.sessionId}`)).status).toBe(401)
    expect((await asCookie(`__Host-plumbline_sid=${user.sessionId}`)).status).toBe(200)
    expect(String(prod.upstreams.auth.received.at(-1)!.headers.cookie ?? '')).not.toContain(user.sessionId)
  })
})
