import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local OpenAI-compatible server for tests: answers POST /v1/chat/completions the way the
 * OpenAI API does, with behaviours the test programs: success (optionally slow), an HTTP error
 * status, or no answer until after the client's timeout. It tests our client code over the wire.
 */
export type Behaviour =
  | { kind: 'ok'; text?: string | ((body: ChatBody) => string); delayMs?: number }
  | { kind: 'status'; status: number; delayMs?: number }
  | { kind: 'hang'; delayMs: number }

export type ChatBody = { model: string; messages: { role: string; content: string }[]; temperature?: number }

export type OpenAiTestServer = {
  baseURL: string
  /** Bodies of every request received, in order. */
  requests: ChatBody[]
  /** Behaviours for the next requests, consumed in order; then `fallback`. */
  queue: Behaviour[]
  fallback: Behaviour
  /** Resolves when the n-th request (1-based) has arrived. */
  waitForRequests(n: number, timeoutMs?: number): Promise<void>
  close(): Promise<void>
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let data = ''
    req.setEncoding('utf8')
    req.on('data', (c: string) => (data += c))
    req.on('end', () => resolve(data))
    req.on('error', reject)
  })

/** Echoes which section was asked for, so tests can tell the five answers apart. */
export const echoSection = (body: ChatBody) => {
  const last = body.messages[body.messages.length - 1]?.content ?? ''
  const m = /Write only the "([^"]+)" section/.exec(last)
  return m ? `Model text for ${m[1]}.` : 'Model text.'
}

export async function startOpenAiTestServer(fallback: Behaviour = { kind: 'ok', text: echoSection }): Promise<OpenAiTestServer> {
  const requests: ChatBody[] = []
  const waiters: { n: number; resolve: () => void }[] = []
  const sockets = new Set<import('node:net').Socket>()
  const state: Pick<OpenAiTestServer, 'queue' | 'fallback'> = { queue: [], fallback }
  const server: Server = createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }))
      return
    }
    const body = JSON.parse(await readBody(req)) as ChatBody
    requests.push(body)
    for (const w of waiters.filter((w) => requests.length >= w.n)) w.resolve()
    const b = state.queue.shift() ?? state.fallback
    if (b.delayMs) await new Promise((r) => setTimeout(r, b.delayMs))
    // The client gave up (timeout) while we waited: nothing to answer.
    if (!res.socket || res.socket.destroyed) return
    if (b.kind === 'hang') return void res.destroy()
    if (b.kind === 'status') {
      res
        .writeHead(b.status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: `test server answered ${b.status}`, type: 'server_error' } }))
      return
    }
    const text = typeof b.text === 'function' ? b.text(body) : (b.text ?? echoSection(body))
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        created: 1_700_000_000,
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      }),
    )
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as AddressInfo
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    get queue() {
      return state.queue
    },
    set queue(q) {
      state.queue = q
    },
    get fallback() {
      return state.fallback
    },
    set fallback(b) {
      state.fallback = b
    },
    waitForRequests(n, timeoutMs = 20_000) {
      if (requests.length >= n) return Promise.resolve()
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`only ${requests.length} of ${n} requests arrived`)), timeoutMs)
        waiters.push({
          n,
          resolve: () => {
            clearTimeout(timer)
            resolve()
          },
        })
      })
    },
    async close() {
      for (const s of sockets) s.destroy()
      await new Promise((r) => server.close(r))
    },
  }
}
