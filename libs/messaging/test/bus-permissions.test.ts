import { readdirSync, readFileSync } from 'node:fs'
import { connect as rawConnect } from 'node:net'
import { connect, type NatsConnection } from '@nats-io/transport-node'
import { healthSubject, OpsSubjects, QuotaSubjects, RequestSubjects } from '@plumbline/contracts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import {
  BUS_GRANTS,
  BUS_SERVICES,
  type Bus,
  type BusService,
  connectBus,
  consume,
  createEnvelope,
  ensureStream,
  natsPasswordVariable,
  natsServerConfig,
  newNatsPassword,
  reply,
  request,
  streamName,
} from '../src/index.js'
import { createTestDb, logger, type OwnNats, ownNatsServer, SCHEMA, type TestDb, waitFor } from './helpers.js'

const ZAnsweredBy = z.object({ answeredBy: z.string() })

// Security probe 2026-11-24, finding 5: NATS ran without authentication, and a raw
// `PUB rpc.estimates.document.get` returned any tenant's estimate. This starts a private
// nats-server with the committed production config and checks that each service's user can do
// what its code does, and that nothing else gets through.

const CONFIG = new URL('../../../deploy/nats/nats-server.conf', import.meta.url)
const passwords = Object.fromEntries(BUS_SERVICES.map((s) => [s, newNatsPassword()])) as Record<BusService, string>

let nats: OwnNats
let db: TestDb
const buses = {} as Record<BusService, Bus>
const violations = new Map<BusService, string[]>()

async function busAs(service: BusService): Promise<Bus> {
  const bus = await connectBus({
    servers: nats.url,
    name: service,
    logger,
    credentials: { user: service, password: passwords[service] },
    connection: { reconnectTimeWait: 100 },
  })
  const seen: string[] = []
  violations.set(service, seen)
  void (async () => {
    for await (const s of bus.nc.status()) if (s.type === 'error') seen.push(String((s as { error?: Error }).error?.message))
  })()
  return bus
}

/** Waits for the server's verdict on everything sent so far (a permission error arrives before the PONG). */
const settle = (nc: NatsConnection) => nc.flush().then(() => new Promise((r) => setTimeout(r, 50)))

beforeAll(async () => {
  nats = await ownNatsServer({ args: ['-c', CONFIG.pathname], env: Object.fromEntries(BUS_SERVICES.map((s) => [natsPasswordVariable(s), passwords[s]])) })
  db = await createTestDb()
  for (const service of BUS_SERVICES) buses[service] = await busAs(service)
}, 60_000)

afterAll(async () => {
  for (const bus of Object.values(buses)) await bus.close().catch(() => {})
  await nats?.cleanup()
  await db?.drop()
}, 60_000)

test('the committed deploy/nats/nats-server.conf is the one permissions.ts generates', () => {
  expect(readFileSync(CONFIG, 'utf8')).toBe(natsServerConfig())
})

describe('each service user can do what its code does', () => {
  test('owners create their streams and publish their events', async () => {
    for (const service of BUS_SERVICES) {
      if (!BUS_GRANTS[service].ownsStream) continue
      const bus = buses[service]
      await ensureStream(bus, service)
      const ack = await bus.js.publish(`${service}.permission.checked.v1`, '{}', { msgID: `${service}-1` })
      expect(ack.stream).toBe(streamName('', service))
    }
    for (const service of BUS_SERVICES) expect(violations.get(service), service).toEqual([])
  })

  test('every request is answered by its replier', async () => {
    const repliers = BUS_SERVICES.flatMap((service) =>
      BUS_GRANTS[service].replies.map((subject) => reply(buses[service], subject, async () => ({ answeredBy: service }))),
    )
    try {
      await Promise.all(BUS_SERVICES.map((service) => buses[service].nc.flush()))
      for (const service of BUS_SERVICES) {
        for (const subject of BUS_GRANTS[service].requests) {
          const owner = BUS_SERVICES.find((s) => BUS_GRANTS[s].replies.includes(subject))
          expect(await request(buses[service], subject, { orgId: 'o' }, { schema: ZAnsweredBy }), `${service} → ${subject}`).toEqual({ answeredBy: owner })
        }
      }
    } finally {
      for (const r of repliers) await r.stop()
    }
    for (const service of BUS_SERVICES) expect(violations.get(service), service).toEqual([])
  })

  test('every durable consumer receives, acks, and dead-letters its events', async () => {
    for (const service of BUS_SERVICES) {
      for (const { durable, subject } of BUS_GRANTS[service].consumes) {
        const owner = subject.split('.')[0] as BusService
        const seen: string[] = []
        const consumer = await consume({
          bus: buses[service],
          runInTransaction: db.run,
          schema: SCHEMA,
          durable,
          subject,
          logger,
          maxDeliver: 1,
          handler: async (env) => {
            seen.push(env.id)
            if ((env.data as { fail?: boolean }).fail) throw new Error('dead-letter me')
          },
        })
        const dlqBefore = (await buses[service].jsm.streams.info(streamName('', 'dlq'))).state.messages
        // A wildcard filter (one durable for all of an aggregate's events) gets a subject it matches.
        const sample = subject.endsWith('.>') ? `${subject.slice(0, -1)}probed.v1` : subject
        const ok = createEnvelope({ type: sample, orgId: 'o', actorId: null, data: {} })
        const bad = createEnvelope({ type: sample, orgId: 'o', actorId: null, data: { fail: true } })
        await buses[owner].js.publish(sample, JSON.stringify(ok), { msgID: ok.id })
        await buses[owner].js.publish(sample, JSON.stringify(bad), { msgID: bad.id })
        await waitFor(() => seen.includes(ok.id) && seen.includes(bad.id), { what: `${durable} to see its events` })
        await waitFor(async () => (await buses[service].jsm.streams.info(streamName('', 'dlq'))).state.messages > dlqBefore, {
          what: `${durable}'s dead letter`,
        })
        await consumer.stop()
        const info = await buses[service].jsm.consumers.info(streamName('', owner), durable)
        expect(info.num_ack_pending, durable).toBe(0)
      }
    }
    for (const service of BUS_SERVICES) expect(violations.get(service), service).toEqual([])
  })
})

describe('and nothing else', () => {
  test('no other service can answer or overhear rpc.estimates.document.get', async () => {
    const answering = reply(buses.estimates, RequestSubjects.estimateDocument, async () => ({ answeredBy: 'estimates' }))
    try {
      for (const intruder of BUS_SERVICES.filter((s) => s !== 'estimates')) {
        const got: string[] = []
        const refused: Error[] = []
        const sub = buses[intruder].nc.subscribe(RequestSubjects.estimateDocument, {
          queue: RequestSubjects.estimateDocument,
          callback: (err, m) => {
            if (err) refused.push(err)
            else got.push(new TextDecoder().decode(m.data))
          },
        })
        await settle(buses[intruder].nc)
        expect(violations.get(intruder)?.join('\n'), intruder).toMatch(/Permissions Violation for Subscription to "rpc\.estimates\.document\.get"/)
        for (let i = 0; i < 5; i++)
          expect(await request(buses.documents, RequestSubjects.estimateDocument, {}, { schema: ZAnsweredBy })).toEqual({ answeredBy: 'estimates' })
        expect(got).toEqual([])
        expect(refused.length, intruder).toBe(1)
        sub.unsubscribe()
        violations.get(intruder)!.length = 0
      }
    } finally {
      await answering.stop()
    }
  })

  test('the estimates user cannot subscribe to other services’ subjects, inboxes or streams', async () => {
    const nc = buses.estimates.nc
    const forbidden = [
      '>',
      'admin.>',
      'auth.user.registered.v1',
      'ai.>',
      RequestSubjects.resolveIdentity,
      RequestSubjects.companySettings,
      '_INBOX.>',
      '_INBOX_ai.>',
      '$JS.ACK.ADMIN.>',
    ]
    for (const subject of forbidden) {
      nc.subscribe(subject)
      await settle(nc)
    }
    const seen = violations.get('estimates')!
    for (const subject of forbidden)
      expect(
        seen.some((v) => v.includes(`Subscription to "${subject}"`)),
        subject,
      ).toBe(true)
    seen.length = 0
  })

  test('the estimates user cannot publish into other streams, send others’ requests, or read others’ streams', async () => {
    const bus = buses.estimates
    const before = (await buses.admin.jsm.streams.info('ADMIN')).state.messages
    bus.nc.publish('admin.usage.forged.v1', '{}')
    bus.nc.publish(RequestSubjects.setCompanyLogo, '{}')
    bus.nc.publish(RequestSubjects.fetchLogoUrl, '{}')
    await settle(bus.nc)
    expect((await buses.admin.jsm.streams.info('ADMIN')).state.messages).toBe(before)
    const seen = violations.get('estimates')!
    for (const subject of ['admin.usage.forged.v1', RequestSubjects.setCompanyLogo, RequestSubjects.fetchLogoUrl])
      expect(
        seen.some((v) => v.includes(`Publish to "${subject}"`)),
        subject,
      ).toBe(true)
    await expect(bus.jsm.consumers.add('ADMIN', { durable_name: 'estimates-snoop' })).rejects.toThrow()
    await expect(bus.jsm.streams.delete('AUTH')).rejects.toThrow()
    seen.length = 0
  })

  test('a connection without credentials, or with another service’s password, is refused', async () => {
    await expect(connect({ servers: nats.url, reconnect: false })).rejects.toThrow(/Authorization Violation/i)
    await expect(connect({ servers: nats.url, reconnect: false, user: 'estimates', pass: passwords.ai })).rejects.toThrow(/Authorization Violation/i)
  })

  test('the probe’s raw request on rpc.estimates.document.get is refused', async () => {
    const answering = reply(buses.estimates, RequestSubjects.estimateDocument, async () => ({ found: true, document: 'secret' }))
    try {
      const transcript = await new Promise<string>((resolve, reject) => {
        const socket = rawConnect(nats.port, '127.0.0.1')
        let text = ''
        socket.on('data', (b) => {
          text += b.toString()
          if (text.includes('INFO') && !text.includes('PUB sent')) {
            text += 'PUB sent\n'
            const body = '{"orgId":"o","estimateId":"e"}'
            socket.write(`CONNECT {"verbose":false}\r\nSUB _INBOX.probe 1\r\nPUB rpc.estimates.document.get _INBOX.probe ${body.length}\r\n${body}\r\nPING\r\n`)
          }
        })
        socket.on('close', () => resolve(text))
        socket.on('error', reject)
        setTimeout(() => {
          socket.destroy()
          resolve(text)
        }, 3000)
      })
      expect(transcript).toMatch(/-ERR 'Authorization Violation'/)
      expect(transcript).not.toContain('secret')
      expect(transcript).not.toContain('MSG _INBOX.probe')
    } finally {
      await answering.stop()
    }
  })
})

describe('the permission table matches the services’ code', () => {
  const servicesDir = new URL('../../../services/', import.meta.url)
  const sourcesOf = (service: string): string => {
    const dir = new URL(`${service}/src/`, servicesDir)
    return readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.startsWith('generated'))
      .map((f) => readFileSync(new URL(f, dir), 'utf8'))
      .join('\n')
  }
  const found = (text: string, re: RegExp) => [...text.matchAll(re)].map((m) => m[1]!)
  const requestSubject = (key: string) => RequestSubjects[key as keyof typeof RequestSubjects]

  test.each(BUS_SERVICES)('%s: its requests, replies and durable consumers', (service) => {
    const code = sourcesOf(service)
    const requests: string[] = found(code, /\brequest(?:<[^>]*>)?\(\s*(?:deps\.)?bus,\s*RequestSubjects\.(\w+)/g).map(requestSubject)
    // service-kit's fetchCompanySettings asks admin for the organisation's settings.
    if (/\bfetchCompanySettings\(/.test(code)) requests.push(RequestSubjects.companySettings)
    // …checkQuota (or withQuota) asks admin's quota check, fetchEstimateDocument asks estimates for the document.
    const checksQuota = /\b(?:checkQuota|withQuota)\(deps, /.test(code)
    if (checksQuota) requests.push(RequestSubjects.quotaCheck)
    if (/\bfetchEstimateDocument\(/.test(code)) requests.push(RequestSubjects.estimateDocument)
    const replies: string[] = found(code, /\breply(?:<[^>]*>)?\(\s*(?:deps\.)?bus,\s*RequestSubjects\.(\w+)/g).map(requestSubject)
    // Monitoring: the kit's runtime (or the gateway's main) answers rpc.<service>.health and
    // reports 5xx answers; admin asks every service for its health and keeps the reports.
    const monitored = /\bstartServiceRuntime\b|\bstartHealthResponder\(/.test(code)
    if (monitored) replies.push(healthSubject(service))
    if (/\bcollectServiceReports\(/.test(code)) requests.push(...BUS_SERVICES.map(healthSubject))
    const notifies: string[] = /\bstartServiceRuntime\b|\bserverErrorReporter\(/.test(code) ? [OpsSubjects.errorReported] : []
    const listens: string[] = /\bstartErrorListener\(/.test(code) ? [OpsSubjects.errorReported] : []
    // checkQuota drops its cached answers on admin's limits notice, which admin announces.
    if (checksQuota) listens.push(QuotaSubjects.limitsChanged)
    if (/\bannounceLimitsChanged\(/.test(code)) notifies.push(QuotaSubjects.limitsChanged)
    const durables = [...found(code, /durable: '([^']+)'/g), ...found(code, /_DURABLE = '([^']+)'/g)]
    const grant = BUS_GRANTS[service]
    expect(new Set(requests)).toEqual(new Set(grant.requests))
    expect(new Set(replies)).toEqual(new Set(grant.replies))
    expect(new Set(notifies)).toEqual(new Set(grant.notifies ?? []))
    expect(new Set(listens)).toEqual(new Set(grant.listens ?? []))
    expect(new Set(durables)).toEqual(new Set(grant.consumes.map((c) => c.durable)))
  })
})
