import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SLOWEST_UPLOAD_BYTES_PER_SECOND, ZGatewayEnv } from '../src/env.js'
import { type GatewayHarness, membership, startGateway, type TestUser } from './support/gateway-harness.js'

const LIMIT = 4096
let gw: GatewayHarness
let user: TestUser

beforeAll(async () => {
  gw = await startGateway({ env: { BODY_LIMIT_BYTES: String(LIMIT), UPLOAD_BODY_LIMIT_BYTES: String(LIMIT * 4) } })
  user = await gw.signIn({ memberships: [membership('org-1')] })
})
afterAll(() => gw.close())

const streamOf = (bytes: number, chunk = 1024) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (let sent = 0; sent < bytes; sent += chunk) controller.enqueue(new Uint8Array(Math.min(chunk, bytes - sent)).fill(120))
      controller.close()
    },
  })

describe('body size limit', () => {
  it('answers 413 to a declared oversized body before forwarding it', async () => {
    const before = gw.forwardedCount()
    const res = await gw.api('/api/organizations/org-1/estimates', { method: 'POST', user, body: 'x'.repeat(LIMIT + 1) })
    expect(res.status).toBe(413)
    expect(await res.json()).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' })
    expect(gw.forwardedCount()).toBe(before)
  })

  it('counts streamed (chunked) bodies and cuts them off past the limit', async () => {
    const res = await gw.api('/api/organizations/org-1/estimates', { method: 'POST', user, body: streamOf(LIMIT * 3) })
    expect(res.status).toBe(413)
  })

  it('forwards bodies within the limit, chunked or not', async () => {
    expect((await gw.api('/api/organizations/org-1/estimates', { method: 'POST', user, body: 'x'.repeat(LIMIT) })).status).toBe(200)
    expect((await gw.api('/api/organizations/org-1/estimates', { method: 'POST', user, body: streamOf(LIMIT - 10) })).status).toBe(200)
    expect(gw.upstreams.estimates.received.at(-1)!.body.length).toBe(LIMIT - 10)
  })

  it('allows logo uploads up to the larger upload limit', async () => {
    const res = await gw.api('/api/organizations/org-1/company-settings/logo', { method: 'POST', user, body: 'x'.repeat(LIMIT * 3) })
    expect(res.status).toBe(200)
    expect(gw.upstreams.documents.received.at(-1)!.body.length).toBe(LIMIT * 3)
    expect((await gw.api('/api/organizations/org-1/company-settings/logo', { method: 'POST', user, body: 'x'.repeat(LIMIT * 4 + 1) })).status).toBe(413)
  })
})

describe('request timeout', () => {
  it("waits for the largest upload over a slow link, not node's 300 s", () => {
    const defaults = ZGatewayEnv.parse({ NODE_ENV: 'test' })
    const slowestRecordingMs = (defaults.AUDIO_BODY_LIMIT_BYTES / SLOWEST_UPLOAD_BYTES_PER_SECOND) * 1000
    expect(defaults.REQUEST_TIMEOUT_MS).toBeGreaterThanOrEqual(slowestRecordingMs)
    expect(defaults.REQUEST_TIMEOUT_MS).toBeGreaterThan(300_000)
  })

  it('is the public listener’s requestTimeout', async () => {
    const other = await startGateway({ env: { REQUEST_TIMEOUT_MS: '1234567' } })
    try {
      expect(gw.server.requestTimeout).toBe(gw.env.REQUEST_TIMEOUT_MS)
      expect(other.server.requestTimeout).toBe(1_234_567)
    } finally {
      await other.close()
    }
  })
})
