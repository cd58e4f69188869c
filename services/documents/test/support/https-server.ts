import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import https from 'node:https'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

const fixtures = join(import.meta.dirname, '..', 'fixtures')
/** A self-signed certificate for logo.test, localhost and 127.0.0.1 (test only; made with openssl, valid 100 years). */
export const TEST_CERT = readFileSync(join(fixtures, 'test-server.crt'))
const TEST_KEY = readFileSync(join(fixtures, 'test-server.key'))

export type LocalHttps = { origin: string; port: number; hits: string[]; close: () => Promise<void> }

/** A local https server for the logo-URL fetcher's tests. */
export async function startHttpsServer(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<LocalHttps> {
  const hits: string[] = []
  const server = https.createServer({ cert: TEST_CERT, key: TEST_KEY }, (req, res) => {
    hits.push(`${req.headers.host} ${req.url}`)
    handler(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const port = (server.address() as AddressInfo).port
  return {
    origin: `https://127.0.0.1:${port}`, port, hits,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()) }),
  }
}
