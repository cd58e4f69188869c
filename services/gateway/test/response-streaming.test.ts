import http from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type GatewayHarness, membership, startGateway, type TestUser } from './support/gateway-harness.js'

// The gateway streams a service's answer to the browser as it comes: no buffering, a browser
// that goes away stops the service's work, and a service that breaks mid-answer breaks the
// browser's answer too (never a clean but truncated response).

let gw: GatewayHarness
let user: TestUser
const TASKS = '/api/organizations/org-1/tasks'

beforeAll(async () => {
  gw = await startGateway()
  user = await gw.signIn({ memberships: [membership('org-1')] })
})
// A failed test must not leave the next one talking to a broken service.
afterEach(() => gw.upstreams.meetings.respondWith(undefined))
afterAll(() => gw.close())

/** A GET through the gateway with node's own client, so the test controls the connection. */
function rawGet(path: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${gw.url}${path}`, { headers: { cookie: user.cookie }, agent: false }, resolve)
    req.on('error', reject)
  })
}

const firstChunk = (res: http.IncomingMessage) => new Promise<string>((resolve) => res.once('data', (c: Buffer) => resolve(c.toString())))

describe('response streaming', () => {
  it('passes each chunk on as soon as the service sends it', async () => {
    let sendRest!: () => void
    const restAllowed = new Promise<void>((r) => (sendRest = r))
    gw.upstreams.meetings.respondWith((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' })
      res.write('first ')
      // The rest waits until the browser has the first chunk: a buffering proxy never gets here.
      void restAllowed.then(() => res.end('second'))
    })
    const res = await rawGet(TASKS)
    expect(await firstChunk(res)).toBe('first ')
    sendRest()
    let rest = ''
    for await (const chunk of res) rest += chunk
    expect(rest).toBe('second')
  })

  it("stops the service's work when the browser goes away", async () => {
    let serviceSawClose!: () => void
    const closed = new Promise<void>((r) => (serviceSawClose = r))
    gw.upstreams.meetings.respondWith((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' })
      res.write('working')
      res.once('close', () => serviceSawClose())
    })
    const res = await rawGet(TASKS)
    expect(await firstChunk(res)).toBe('working')
    res.destroy()
    await expect(Promise.race([closed.then(() => 'closed'), new Promise((r) => setTimeout(() => r('still open'), 3000))])).resolves.toBe('closed')
  })

  it("breaks the browser's answer when the service's breaks mid-stream", async () => {
    gw.upstreams.meetings.respondWith((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '1000' })
      res.write('only part of it')
      setTimeout(() => res.socket?.destroy(), 20)
    })
    const res = await rawGet(TASKS)
    const outcome = await new Promise<string>((resolve) => {
      let body = ''
      res.on('data', (c: Buffer) => (body += c))
      res.on('end', () => resolve(res.complete ? `complete: ${body}` : 'incomplete'))
      res.on('error', () => resolve('incomplete'))
      res.on('close', () => resolve(res.complete ? `complete: ${body}` : 'incomplete'))
    })
    expect(outcome).toBe('incomplete')
  })

  it('keeps serving on the same gateway after those failures', async () => {
    const res = await gw.api(TASKS, { user })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ service: 'meetings' })
  })
})
