import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type RecordedRequest = { method: string; url: string; headers: IncomingHttpHeaders; body: Buffer }
export type UpstreamHandler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void

export type FakeUpstream = {
  name: string
  url: string
  received: RecordedRequest[]
  /** Replaces the default answer (200 JSON echo) for the following requests. */
  respondWith: (handler: UpstreamHandler | undefined) => void
  close: () => Promise<void>
}

const echo =
  (name: string): UpstreamHandler =>
  (req, res) => {
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify({ service: name, method: req.method, url: req.url }))
  }

/** A service's stand-in: records every request it gets and answers with a small echo. */
export async function startFakeUpstream(name: string): Promise<FakeUpstream> {
  const received: RecordedRequest[] = []
  let handler: UpstreamHandler | undefined
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body })
      ;(handler ?? echo(name))(req, res, body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    received,
    respondWith: (h) => (handler = h),
    close: async () => {
      server.closeAllConnections()
      await new Promise((r) => server.close(r))
    },
  }
}
