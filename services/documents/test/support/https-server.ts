import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A fresh self-signed certificate for logo.test, localhost and 127.0.0.1, made by openssl per test run (no key in the repository). */
function selfSignedCertificate(): { cert: Buffer; key: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'plumbline-tls-'))
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=logo.test',
        '-addext',
        'subjectAltName=DNS:logo.test,DNS:localhost,IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    )
    return { cert: readFileSync(join(dir, 'cert.pem')), key: readFileSync(join(dir, 'key.pem')) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
const { cert: TEST_CERT_PEM, key: TEST_KEY } = selfSignedCertificate()
export const TEST_CERT = TEST_CERT_PEM

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
    origin: `https://127.0.0.1:${port}`,
    port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
