import http, { type IncomingHttpHeaders } from 'node:http'
import { gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type GatewayHarness, membership, startGateway, type TestUser } from './support/gateway-harness.js'

// The gateway gzips complete JSON (and CSV) answers for clients that accept it, and leaves
// streams, small answers and answers a service encoded itself as they are.

let gw: GatewayHarness
let user: TestUser
const TASKS = '/api/organizations/org-1/tasks'
const rows = Array.from({ length: 60 }, (_, i) => ({ id: i, name: `Task ${i}`, done: i % 2 === 0 }))
const bigJson = JSON.stringify({ tasks: rows })

beforeAll(async () => {
  gw = await startGateway()
  user = await gw.signIn({ memberships: [membership('org-1')] })
})
afterEach(() => gw.upstreams.meetings.respondWith(undefined))
afterAll(() => gw.close())

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer }

/** node's client: unlike fetch it neither asks for nor undoes compression by itself. */
function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${gw.url}${path}`, { headers: { cookie: user.cookie, ...headers }, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
  })
}

const json =
  (body: string, extra: Record<string, string> = {}) =>
  (_req: http.IncomingMessage, res: http.ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), ...extra })
    res.end(body)
  }

describe('response compression', () => {
  it('gzips a complete JSON answer for a client that accepts it, with its new length and a weak ETag', async () => {
    gw.upstreams.meetings.respondWith(json(bigJson, { etag: '"abc"' }))
    const res = await get(TASKS, { 'accept-encoding': 'gzip, deflate, br' })
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(res.headers.vary).toMatch(/Accept-Encoding/i)
    expect(res.headers.etag).toBe('W/"abc"')
    expect(Number(res.headers['content-length'])).toBe(res.body.length)
    expect(res.body.length).toBeLessThan(Buffer.byteLength(bigJson) / 4)
    expect(gunzipSync(res.body).toString()).toBe(bigJson)
  })

  it("keeps the service's own Vary and adds Accept-Encoding once; gzip;q=0 is a refusal", async () => {
    gw.upstreams.meetings.respondWith(json(bigJson, { vary: 'Origin' }))
    const merged = await get(TASKS, { 'accept-encoding': 'gzip' })
    expect(merged.headers.vary).toBe('Origin, Accept-Encoding')
    gw.upstreams.meetings.respondWith(json(bigJson, { vary: 'accept-encoding' }))
    expect((await get(TASKS, { 'accept-encoding': 'gzip' })).headers.vary).toBe('accept-encoding')
    gw.upstreams.meetings.respondWith(json(bigJson))
    const refused = await get(TASKS, { 'accept-encoding': 'gzip;q=0, deflate' })
    expect(refused.headers['content-encoding']).toBeUndefined()
    expect(refused.body.toString()).toBe(bigJson)
  })

  it('sends it plain to a client that does not accept gzip, still varying by it', async () => {
    gw.upstreams.meetings.respondWith(json(bigJson))
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const res = await get(TASKS, headers)
      expect(res.headers['content-encoding']).toBeUndefined()
      expect(res.headers.vary).toMatch(/Accept-Encoding/i)
      expect(res.body.toString()).toBe(bigJson)
    }
  })

  it('reaches fetch (which asks for gzip) as the same JSON', async () => {
    gw.upstreams.meetings.respondWith(json(bigJson))
    const res = await gw.api(TASKS, { user })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(await res.json()).toEqual({ tasks: rows })
  })

  it('leaves small answers, other types and answers the service encoded itself as they are', async () => {
    gw.upstreams.meetings.respondWith(json('{"ok":true}'))
    const small = await get(TASKS, { 'accept-encoding': 'gzip' })
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.body.toString()).toBe('{"ok":true}')

    const pdf = Buffer.alloc(4096, 'a')
    gw.upstreams.meetings.respondWith((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(pdf.length) })
      res.end(pdf)
    })
    const file = await get(TASKS, { 'accept-encoding': 'gzip' })
    expect(file.headers['content-encoding']).toBeUndefined()
    expect(file.body.equals(pdf)).toBe(true)

    const encoded = gzipSync(bigJson)
    gw.upstreams.meetings.respondWith((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(encoded.length), vary: 'Accept-Encoding' })
      res.end(encoded)
    })
    const already = await get(TASKS, { 'accept-encoding': 'gzip' })
    expect(already.headers['content-encoding']).toBe('gzip')
    expect(already.body.equals(encoded)).toBe(true)
  })

  it('streams an answer of undeclared length (progress events) as it comes, uncompressed', async () => {
    let sendRest!: () => void
    const restAllowed = new Promise<void>((r) => (sendRest = r))
    const line = `${JSON.stringify({ progress: 'x'.repeat(2000) })}\n`
    gw.upstreams.meetings.respondWith((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write(line)
      void restAllowed.then(() => res.end(line))
    })
    const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get(`${gw.url}${TASKS}`, { headers: { cookie: user.cookie, 'accept-encoding': 'gzip' }, agent: false }, resolve).on('error', reject),
    )
    expect(res.headers['content-encoding']).toBeUndefined()
    const first = await new Promise<string>((resolve) => res.once('data', (c: Buffer) => resolve(c.toString())))
    expect(first).toBe(line)
    sendRest()
    let rest = ''
    for await (const chunk of res) rest += chunk
    expect(rest).toBe(line)
  })

  it('passes a 304 revalidation through without a body', async () => {
    gw.upstreams.meetings.respondWith((_req, res) => {
      res.writeHead(304, { etag: 'W/"v1"' })
      res.end()
    })
    const res = await get(TASKS, { 'accept-encoding': 'gzip', 'if-none-match': 'W/"v1"' })
    expect(res.status).toBe(304)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body.length).toBe(0)
  })
})
