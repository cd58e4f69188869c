import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type GatewayHarness, membership, startGateway, type TestUser } from './support/gateway-harness.js'

// Long enough that "at once" (a refused connection) cannot be mistaken for the timeout on a busy machine.
const TIMEOUT_MS = 1500
let gw: GatewayHarness
let user: TestUser
let hanging: Server

async function closedPortUrl(): Promise<string> {
  const srv = createServer()
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r))
  const { port } = srv.address() as AddressInfo
  await new Promise((r) => srv.close(r))
  return `http://127.0.0.1:${port}`
}

beforeAll(async () => {
  // accepts connections and reads requests, but never answers
  hanging = createServer((req) => req.resume())
  await new Promise<void>((r) => hanging.listen(0, '127.0.0.1', r))
  gw = await startGateway({
    env: {
      UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS),
      MEETINGS_URL: await closedPortUrl(),
      AI_URL: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`,
    },
  })
  user = await gw.signIn({ memberships: [membership('org-1')] })
})
afterAll(async () => {
  await gw.close()
  hanging.closeAllConnections()
  await new Promise((r) => hanging.close(r))
})

async function expectUnavailable(res: Response) {
  expect(res.status).toBe(503)
  expect(res.headers.get('retry-after')).toBe('5')
  expect(res.headers.get('content-type')).toContain('application/problem+json')
  expect(await res.json()).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' })
}

describe('upstream failures', () => {
  it('answers 503 at once when the service refuses connections', async () => {
    const started = performance.now()
    await expectUnavailable(await gw.api('/api/organizations/org-1/tasks', { user }))
    expect(performance.now() - started).toBeLessThan(TIMEOUT_MS)
  })

  it('answers 503 when the service does not answer within the timeout', async () => {
    const started = performance.now()
    await expectUnavailable(await gw.api('/api/organizations/org-1/jobs/j1/status', { user }))
    const took = performance.now() - started
    expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 20)
    expect(took).toBeLessThan(TIMEOUT_MS + 5000)
  })

  it('times out writes too, counting from the end of the upload', async () => {
    await expectUnavailable(await gw.api('/api/organizations/org-1/estimates/e1/generate-all-content', { method: 'POST', user, body: '{}' }))
  })

  it('keeps serving other services meanwhile', async () => {
    expect((await gw.api('/api/organizations/org-1/estimates', { user })).status).toBe(200)
  })
})
