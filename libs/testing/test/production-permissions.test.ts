// Production permissions, end to end: every service and the gateway run as real processes against
// a nats-server with the production users and permissions (libs/messaging's natsServerConfig) and
// a redis-server with the production ACL file (the service kit's redisAclFile), each connecting as
// its own user, as compose and Kubernetes run them. Every route of the catalogue is called once
// through the gateway (the ones that reach NATS or Redis on their way with a real body), then:
// no 5xx, no permission refusal in any service's log, in nats-server's output or in Redis' ACL log.
// Last, with Redis stopped, readiness fails only where requests need Redis (auth), not elsewhere.
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { API_PREFIX, API_ROUTES, type ApiRoute } from '@plumbline/contracts/api-routes'
import { createClient } from 'redis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { canConnect } from '../../../scripts/lib/infra.ts'
import { newInfraUsers, type SecuredServer, startSecuredNats, startSecuredRedis } from '../../../scripts/lib/secured-infra.ts'
import { type Stack, startStack } from '../../../scripts/lib/stack.ts'
import { createTestDatabase, type TestDatabase } from '../src/database.ts'
import { DEMO, DEMO_ADMIN } from '../src/e2e.ts'
import { fillPath } from '../src/route-matrix.ts'

const root = join(import.meta.dirname, '..', '..', '..')
const work = join(tmpdir(), `plumbline-prodperm-${randomBytes(4).toString('hex')}`)
const logDir = join(root, 'test-output', 'production-permissions')
const users = newInfraUsers()
const inspector = randomBytes(16).toString('hex')
let nats: SecuredServer
let redis: SecuredServer
let db: TestDatabase
let stack: Stack

/** A base port whose stack ports (port, port+1000…1006) and the two servers' are all free, below the ephemeral range. */
async function freeBase(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 8_000)
    const ports = [base, ...Array.from({ length: 7 }, (_, i) => base + 1000 + i), base + 1010, base + 1011]
    const taken = await Promise.all(ports.map((p) => canConnect('127.0.0.1', p, 200)))
    if (!taken.some(Boolean)) return base
  }
  throw new Error('no free port range for the stack')
}

beforeAll(async () => {
  rmSync(logDir, { recursive: true, force: true })
  mkdirSync(logDir, { recursive: true })
  const base = await freeBase()
  nats = await startSecuredNats({ port: base + 1010, dir: join(work, 'nats'), users })
  redis = await startSecuredRedis({ port: base + 1011, dir: join(work, 'redis'), users, inspector })
  db = await createTestDatabase()
  stack = await startStack({
    port: base,
    databaseUrl: db.url,
    natsUrl: nats.url,
    redisUrl: redis.url,
    users,
    remotes: false,
    seedDemo: true,
    logDir,
    readyTimeoutMs: 180_000,
    env: { LOG_LEVEL: 'info', OTEL_SDK_DISABLED: 'true', MONITORING_SAMPLE_SECONDS: '2' },
  })
}, 240_000)

afterAll(async () => {
  await stack?.stop()
  await nats?.stop()
  await redis?.stop()
  await db?.drop()
  rmSync(work, { recursive: true, force: true })
}, 60_000)

type Answer = { status: number; body: any; text: string }

/** A browser-like client of the gateway: cookies kept, the CSRF header echoed, the app's Origin. */
function session() {
  const cookies = new Map<string, string>()
  return async function call(method: string, path: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = { origin: stack.url, cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') }
    const csrf = cookies.get('plumbline_csrf')
    if (csrf) headers['x-csrf-token'] = csrf
    let payload: RequestInit['body']
    if (body instanceof FormData) payload = body
    else if (body !== undefined) {
      payload = JSON.stringify(body)
      headers['content-type'] = 'application/json'
    }
    const res = await fetch(`${stack.url}${path}`, { method, headers, body: payload, redirect: 'manual' })
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const at = pair!.indexOf('=')
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1))
    }
    const text = await res.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : undefined
    } catch {}
    return { status: res.status, body: parsed, text }
  }
}

/** A visitor who has loaded a page: holds the CSRF cookie a state-changing call needs. */
async function visitor() {
  const call = session()
  await call('GET', `${API_PREFIX}/user`)
  return call
}

async function signIn(account: { email: string; password: string }) {
  const call = await visitor()
  const login = await call('POST', `${API_PREFIX}/login`, account)
  expect(login.status, `sign-in of ${account.email}: ${login.text}`).toBe(200)
  return call
}

const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')
const TRANSCRIPT = 'Contractor: We will replace the roof next week.\nClient: Please send the estimate by Friday.\n'

const form = (field: string, bytes: Buffer | string, name: string, type: string) => {
  const data = new FormData()
  data.append(field, new Blob([bytes], { type }), name)
  return data
}

describe('every service under the production NATS users and Redis ACL users', () => {
  const answers = new Map<string, Answer>()
  const ids: Record<string, string> = {}

  it('answers every route of the catalogue without a 5xx', { timeout: 120_000 }, async () => {
    const user = await signIn(DEMO)
    const admin = await signIn(DEMO_ADMIN)
    const me = await user('GET', `${API_PREFIX}/user`)
    const orgId = me.body.organizations[0].id as string
    ids.orgId = orgId
    const org = `${API_PREFIX}/organizations/${orgId}`
    const keep = (route: string, answer: Answer) => {
      answers.set(route, answer)
      return answer
    }

    // The calls that cross NATS or Redis on their way, with bodies that succeed.
    ids.typeId = (await user('GET', `${org}/project-types`)).body[0].id
    const estimate = keep(
      'POST /organizations/:orgId/estimates',
      await user('POST', `${org}/estimates`, {
        projectTypeId: ids.typeId,
        projectName: 'Permission check',
        clientName: 'Casey',
        propertyAddress: '1 Main St, Austin, TX 78701',
        totalCost: '12000',
      }),
    )
    expect(estimate.status, estimate.text).toBe(201)
    ids.id = estimate.body.id
    const section = keep('POST /organizations/:orgId/estimates/:id/sections', await user('POST', `${org}/estimates/${ids.id}/sections`, { name: 'Roof' }))
    ids.sectionId = section.body.id
    const item = keep(
      'POST /organizations/:orgId/sections/:sectionId/line-items',
      await user('POST', `${org}/sections/${ids.sectionId}/line-items`, { name: 'Shingles', quantity: 3, unitCost: '90.00', unit: 'each' }),
    )
    ids.itemId = item.body.id
    const share = keep('POST /organizations/:orgId/estimates/:id/share', await user('POST', `${org}/estimates/${ids.id}/share`, {}))
    ids.token = share.body.shareToken
    const pdf = keep('POST /organizations/:orgId/estimates/:id/generate-pdf', await user('POST', `${org}/estimates/${ids.id}/generate-pdf`, {}))
    expect(pdf.status, pdf.text).toBe(200)
    const generate = keep(
      'POST /organizations/:orgId/estimates/:id/generate-all-content',
      await user('POST', `${org}/estimates/${ids.id}/generate-all-content`, {}),
    )
    expect(generate.status, generate.text).toBe(202)
    ids.jobId = generate.body.jobId
    const logo = keep(
      'POST /organizations/:orgId/company-settings/logo',
      await user('POST', `${org}/company-settings/logo`, form('logo', ONE_PIXEL_PNG, 'logo.png', 'image/png')),
    )
    expect(logo.status, logo.text).toBeLessThan(300)
    const meeting = keep('POST /organizations/:orgId/meetings', await user('POST', `${org}/meetings`, { title: 'Site visit' }))
    ids.meetingId = meeting.body.id
    const transcript = keep(
      'POST /organizations/:orgId/meetings/:id/transcript',
      await user('POST', `${org}/meetings/${ids.meetingId}/transcript`, form('transcript', TRANSCRIPT, 'visit.txt', 'text/plain')),
    )
    expect(transcript.status, transcript.text).toBe(202)
    const task = keep('POST /organizations/:orgId/tasks', await user('POST', `${org}/tasks`, { title: 'Order shingles' }))
    ids.taskId = task.body.id
    ids.roleId = (await user('GET', `${org}/roles`)).body[0]?.id
    ids.groupId = (await user('GET', `${org}/phase-groups`)).body[0]?.id
    for (const route of ['GET /health/metrics', 'GET /health/detailed']) {
      const answer = keep(route, await admin('GET', `${API_PREFIX}${route.slice(4)}`))
      expect(answer.status, `${route}: ${answer.text}`).toBe(200)
    }

    // Then every other route once: GETs, then writes, deletions last (sign-out of a throwaway session).
    const idFor = (route: ApiRoute) => (/\/meetings\/:id/.test(route.path) ? ids.meetingId : /\/tasks\/:id/.test(route.path) ? ids.taskId : ids.id)
    const params = (route: ApiRoute) => ({ ...ids, id: (/\/roles\/:id/.test(route.path) ? ids.roleId : idFor(route)) ?? ids.id! })
    const order = (r: ApiRoute) => (r.method === 'GET' ? 0 : r.method === 'DELETE' ? 2 : 1)
    const rest = API_ROUTES.filter((r) => !answers.has(`${r.method} ${r.path}`)).sort((a, b) => order(a) - order(b))
    for (const route of rest) {
      const path = `${API_PREFIX}${fillPath(route.path, params(route))}`
      const caller = route.access === 'admin' ? admin : route.access === 'public' ? await visitor() : user
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {}
      keep(`${route.method} ${route.path}`, await caller(route.method, path, body))
    }

    expect(answers.size).toBe(API_ROUTES.length)
    const failures = [...answers].filter(([, a]) => a.status >= 500).map(([route, a]) => `${route}: ${a.status} ${a.text.slice(0, 200)}`)
    expect(failures).toEqual([])
  })

  it('leaves no permission refusal in the logs, in nats-server or in the Redis ACL log', { timeout: 60_000 }, async () => {
    // The events of the calls above reach their consumers (admin's feeds, the AI job, the summary).
    const user = await signIn(DEMO)
    for (let i = 0; i < 100; i++) {
      const job = await user('GET', `${API_PREFIX}/organizations/${ids.orgId}/jobs/${ids.jobId}/status`)
      if (['completed', 'failed', 'cancelled'].includes(job.body?.status)) break
      await new Promise((r) => setTimeout(r, 200))
    }
    // A monitoring round (MONITORING_SAMPLE_SECONDS=2) since the calls, every service answering.
    await new Promise((r) => setTimeout(r, 2500))

    const refusal = /permissions? violation|NOPERM|WRONGPASS|NOAUTH|authorization violation|no permissions/i
    const logs = readdirSync(logDir).filter((f) => f.endsWith('.log'))
    expect(logs.length).toBeGreaterThanOrEqual(7)
    const found = logs.flatMap((f) =>
      readFileSync(join(logDir, f), 'utf8')
        .split('\n')
        .filter((line) => refusal.test(line))
        .map((line) => `${f}: ${line.slice(0, 300)}`),
    )
    found.push(
      ...nats
        .output()
        .split('\n')
        .filter((line) => /violation/i.test(line)),
    )
    const inspect = createClient({ url: `redis://inspector:${inspector}@127.0.0.1:${redis.port}` })
    await inspect.connect()
    const denied = (await inspect.sendCommand(['ACL', 'LOG'])) as unknown[]
    await inspect.quit()
    expect(found).toEqual([])
    expect(denied).toEqual([])
    // Monitoring kept what it saw: every service answered under its own user.
    const admin = await signIn(DEMO_ADMIN)
    const health = await admin('GET', `${API_PREFIX}/health/detailed`)
    expect(
      health.body.checks.filter((c: { status: string; component: string }) => c.status !== 'healthy').map((c: { component: string }) => c.component),
    ).toEqual([])
  })

  it('with Redis down, only what needs Redis per request is unready', { timeout: 30_000 }, async () => {
    const readyz = async (port: number) => (await fetch(`http://127.0.0.1:${port}/readyz`)).status
    expect(existsSync(logDir)).toBe(true)
    await redis.stop()
    expect(await readyz(stack.servicePorts.auth)).toBe(503)
    expect(await readyz(stack.servicePorts.gateway + 1000)).toBe(503)
    for (const service of ['estimates', 'ai', 'documents', 'meetings', 'admin'] as const) expect(await readyz(stack.servicePorts[service]), service).toBe(200)
  })
})
