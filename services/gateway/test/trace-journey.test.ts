import { readFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { generateIdentityKeyEnv } from '@plumbline/service-kit'
import { DEMO, type ProcessTestInfra, type ServiceProcess, sparePort, startProcessTestInfra, startServiceProcess } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// Issue 13, "one request's trace id found in the gateway's log, the service's log and the
// consumer's span": the gateway, auth, estimates and admin as real processes with OpenTelemetry
// exporting to a local OTLP/HTTP receiver. One estimate created through the gateway: its trace
// id is on the gateway's access log line, on the estimates service's, and on the span of the admin
// service's consumer of estimates.estimate.created (the outbox carries the trace across the bus).

type Span = { traceId: string; name: string; service: string }
const spans: Span[] = []
let receiver: http.Server
let infra: ProcessTestInfra
const processes: ServiceProcess[] = []
let gatewayUrl: string
const LABEL = `trace-${Date.now().toString(36)}`
const logOf = (service: string) => join(import.meta.dirname, '..', '..', '..', 'test-output', `${service}-process-${LABEL}.log`)

/** OTLP/JSON ids are hex; a base64 one (protobuf-style JSON) is converted. */
const hexId = (id: string) => (/^[0-9a-f]{32}$/.test(id) ? id : Buffer.from(id, 'base64').toString('hex'))

/** Collects every exported span: service name, span name, trace id. */
function startOtlpReceiver(): Promise<number> {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans?: {
            resource?: { attributes?: { key: string; value: { stringValue?: string } }[] }
            scopeSpans?: { spans?: { traceId: string; name: string }[] }[]
          }[]
        }
        for (const rs of body.resourceSpans ?? []) {
          const service = rs.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue ?? '?'
          for (const ss of rs.scopeSpans ?? []) for (const s of ss.spans ?? []) spans.push({ traceId: hexId(s.traceId), name: s.name, service })
        }
      } catch {
        /* not JSON: ignored, the test then finds no span and says so */
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  return new Promise((resolve) => receiver.listen(0, '127.0.0.1', () => resolve((receiver.address() as AddressInfo).port)))
}

/** Signs the demo user in as a browser does: CSRF cookie first, then the session-bound token. */
async function signIn(): Promise<{ cookie: string; headers: Record<string, string> }> {
  const first = await fetch(`${gatewayUrl}/api/user`)
  const csrf = /plumbline_csrf=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1] ?? ''
  const login = await fetch(`${gatewayUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie: `plumbline_csrf=${csrf}`, origin: gatewayUrl },
    body: JSON.stringify(DEMO),
  })
  const sid = /plumbline_sid=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1]
  if (!sid) throw new Error(`login failed: ${login.status} ${await login.text()}`)
  const bound = /plumbline_csrf=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1] ?? csrf
  const cookie = `plumbline_sid=${sid}; plumbline_csrf=${bound}`
  return { cookie, headers: { cookie, 'x-csrf-token': bound, origin: gatewayUrl, 'content-type': 'application/json' } }
}

/** JSON log lines of a service process's output. */
function logLines(service: string): Record<string, unknown>[] {
  return readFileSync(logOf(service), 'utf8')
    .split('\n')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>]
      } catch {
        return []
      }
    })
}

/** The first line of a service's log that fits, waiting up to 10 s for it to be written. */
async function logLine(service: string, fits: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown> | undefined> {
  for (let i = 0; i < 100; i++) {
    const line = logLines(service).find(fits)
    if (line) return line
    await new Promise((r) => setTimeout(r, 100))
  }
  return undefined
}

beforeAll(async () => {
  const otlpPort = await startOtlpReceiver()
  infra = await startProcessTestInfra('trace-journey')
  const ports = { auth: await sparePort(), estimates: await sparePort(), admin: await sparePort(), gateway: await sparePort(), dead: await sparePort() }
  gatewayUrl = `http://localhost:${ports.gateway}`
  const keys = generateIdentityKeyEnv()
  const common = {
    ...infra.env,
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${otlpPort}`,
    OTEL_BSP_SCHEDULE_DELAY: '200',
    APP_URL: gatewayUrl,
    PUBLIC_ORIGIN: gatewayUrl,
  }
  const service = (name: 'auth' | 'estimates' | 'admin', extra: Record<string, string> = {}) =>
    startServiceProcess(name, { ...common, PORT: String(ports[name]), IDENTITY_PUBLIC_KEYS: keys.IDENTITY_PUBLIC_KEYS, SEED_DEMO: 'true', ...extra }, LABEL)
  processes.push(await service('auth'))
  processes.push(...(await Promise.all([service('estimates'), service('admin')])))
  const dead = `http://127.0.0.1:${ports.dead}`
  processes.push(
    await startServiceProcess(
      'gateway',
      {
        ...common,
        PORT: String(ports.gateway),
        HOST: '127.0.0.1',
        IDENTITY_SIGNING_KEY: keys.IDENTITY_SIGNING_KEY,
        AUTH_URL: `http://127.0.0.1:${ports.auth}`,
        ESTIMATES_URL: `http://127.0.0.1:${ports.estimates}`,
        ADMIN_URL: `http://127.0.0.1:${ports.admin}`,
        AI_URL: dead,
        DOCUMENTS_URL: dead,
        MEETINGS_URL: dead,
      },
      LABEL,
    ),
  )
}, 180_000)

afterAll(async () => {
  await Promise.all(processes.map((p) => p.kill('SIGTERM')))
  await infra?.close()
  await new Promise((r) => receiver?.close(r))
})

describe('one request, one trace', () => {
  it('carries the same trace id in the gateway log, the service log and the consumer span', async () => {
    const session = await signIn()
    const user = (await (await fetch(`${gatewayUrl}/api/user`, { headers: { cookie: session.cookie } })).json()) as { organizations: { id: string }[] }
    const orgId = user.organizations[0]!.id
    const types = (await (await fetch(`${gatewayUrl}/api/organizations/${orgId}/project-types`, { headers: { cookie: session.cookie } })).json()) as {
      id: string
    }[]
    const created = await fetch(`${gatewayUrl}/api/organizations/${orgId}/estimates`, {
      method: 'POST',
      headers: session.headers,
      body: JSON.stringify({ projectTypeId: types[0]!.id, projectName: 'Traced roof', clientName: 'Tracy', propertyAddress: '1 Trace St', totalCost: '1000' }),
    })
    expect(created.status, await created.clone().text()).toBe(201)

    // The gateway's access line for the request, and its trace id. Log lines reach the file
    // within a second (each process buffers its stdout: service-kit's logger.ts).
    const gatewayLine = await logLine(
      'gateway',
      // The gateway logs its route pattern, not the path (ids stay out of its access log).
      (l) => l.msg === 'request' && l.method === 'POST' && l.status === 201 && String(l.route).startsWith('/api/organizations/'),
    )
    const traceId = gatewayLine?.traceId as string | undefined
    expect(traceId, 'the gateway access log line carries a trace id').toMatch(/^[0-9a-f]{32}$/)

    // The estimates service logged the same request under the same trace.
    const serviceLine = await logLine('estimates', (l) => l.msg === 'request' && l.path === `/organizations/${orgId}/estimates` && l.traceId === traceId)
    expect(serviceLine, 'the estimates service access line has the same trace id').toBeDefined()

    // The admin service's consumer of the created event continued the trace.
    const consumed = () =>
      spans.find((s) => s.traceId === traceId && s.service === 'admin' && s.name.startsWith('process ') && s.name.includes('estimate.created'))
    // Up to 30 s: on a loaded 2-core machine the outbox relay, the consumer and the span export
    // each wait their turn (the full suite once took more than 10 s here).
    for (let i = 0; i < 300 && !consumed(); i++) await new Promise((r) => setTimeout(r, 100))
    expect(consumed(), `spans of the trace: ${JSON.stringify(spans.filter((s) => s.traceId === traceId))}`).toBeDefined()
  }, 60_000)
})
