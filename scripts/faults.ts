// `npm run faults`: the platform under failure, with counts. Starts its own PostgreSQL, NATS and
// Redis on spare ports (it stops and restarts them) and the whole stack on FAULTS_PORT (3900),
// then for each fault: clients write and read, the fault strikes and heals, and the suite counts
// what the clients saw acknowledged against what is in the database, the outbox, the stream
// and the consumer's tally. Exits non-zero when anything acknowledged is lost or doubled.
import './lib/require-node.js' // first: stops on a Node older than 24 before anything else loads
import { join } from 'node:path'
import { withDatabase } from '@plumbline/db'
import { connectBus } from '@plumbline/messaging'
import { createLogger } from '@plumbline/service-kit'
import pg from 'pg'
import { freePort } from './faults/ports.js'
import { startPrivateInfra } from './faults/private-infra.js'
import { verifyNothingLost } from './faults/verify.js'
import { newTally, openSession, registerTenant, type Session, startWorkload, type Tally } from './faults/workload.js'
import { buildFrontends } from './lib/build.js'
import { root, type Stack, startStack } from './lib/stack.js'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const infra = await startPrivateInfra({ postgres: await freePort(), nats: await freePort(), redis: await freePort() })
buildFrontends()
const databaseUrl = withDatabase(infra.postgres.url, 'plumbline_faults')
const busPrefix = 'faults'
let stack: Stack | undefined
let exitCode = 1
try {
  stack = await startStack({
    port: Number(process.env.FAULTS_PORT ?? 3900),
    databaseUrl,
    natsUrl: infra.nats.url,
    redisUrl: infra.redis.url,
    busPrefix,
    redisPrefix: 'faults:',
    seedDemo: true,
    logDir: join(root, 'test-output', 'faults-logs'),
    env: {
      LOG_LEVEL: 'warn',
      GATEWAY_HOST: '127.0.0.1',
      DEFAULT_ESTIMATES_LIMIT: '-1',
      RATE_LIMIT_LOGIN: '1000',
      // A tenant's share of the gateway, low enough for the noisy-tenant fault to reach it.
      TENANT_RATE_PER_SECOND: '200',
      TENANT_BURST: '400',
    },
  })
  const running = stack
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 })
  db.on('error', () => {})
  const bus = await connectBus({ servers: infra.nats.url, name: 'faults-verifier', prefix: busPrefix, logger: createLogger('faults', 'silent') })
  let session: Session = await openSession(running.url)
  const currentSession = () => session

  async function firstSuccessAfter(started: number): Promise<number> {
    for (;;) {
      const res = await fetch(`${running.url}/api/organizations/${session.orgId}/estimates?limit=10`, { headers: { cookie: session.cookie } }).catch(
        () => undefined,
      )
      if (res?.status === 200) return (performance.now() - started) / 1000
      if (res?.status === 401) session = await openSession(running.url).catch(() => session)
      await sleep(200)
    }
  }

  type Fault = { name: string; strike: () => Promise<void>; heal: () => Promise<void>; downMs: number }
  const faults: Fault[] = [
    {
      name: 'estimates killed mid-request',
      strike: () => running.stopService('estimates', 'SIGKILL'),
      heal: () => running.startService('estimates'),
      downMs: 1000,
    },
    { name: 'admin killed mid-consume', strike: () => running.stopService('admin', 'SIGKILL'), heal: () => running.startService('admin'), downMs: 2000 },
    { name: 'gateway killed mid-request', strike: () => running.stopService('gateway', 'SIGKILL'), heal: () => running.startService('gateway'), downMs: 1000 },
    { name: 'nats-server restarted under load', strike: () => infra.nats.stop(), heal: () => infra.nats.start(), downMs: 5000 },
    { name: 'PostgreSQL stopped for 30 s', strike: () => infra.postgres.stop(), heal: () => infra.postgres.start(), downMs: 30_000 },
    { name: 'Redis stopped for 10 s', strike: () => infra.redis.stop(), heal: () => infra.redis.start(), downMs: 10_000 },
  ]

  /**
   * A noisy tenant: a second organisation floods the list with 24 parallel readers while the
   * demo organisation works as usual. The noisy one gets 429 (TENANT_RATE_PER_SECOND); the calm
   * one gets none, and its read p95 is printed beside its p95 alone (same machine, same cores).
   */
  async function noisyTenant(): Promise<boolean> {
    console.log('\n▸ a noisy tenant')
    const noisy = await registerTenant(running.url)
    const alone = newTally()
    const calmAlone = startWorkload(running.url, currentSession, alone)
    await sleep(8000)
    await calmAlone.stop()
    const beside = newTally()
    const flood = newTally()
    const calm = startWorkload(running.url, currentSession, beside)
    const noise = startWorkload(running.url, () => noisy, flood, { writers: 0, readers: 24, readerPauseMs: 0 })
    await sleep(8000)
    await noise.stop()
    await calm.stop()
    const p95 = (t: Tally) => [...t.readLatencies].sort((a, b) => a - b)[Math.floor(t.readLatencies.length * 0.95)] ?? Number.NaN
    const noisy429 = flood.errors.get('429') ?? 0
    const calm429 = beside.errors.get('429') ?? 0
    const ok = noisy429 > 0 && calm429 === 0
    console.log(
      `${ok ? 'OK  ' : 'FAIL'} a noisy tenant\n` +
        `  noisy: ${flood.reads} reads, 429×${noisy429}; calm: ${beside.reads} reads, 429×${calm429}, other errors ${[...beside.errors].filter(([k]) => k !== '429').length}\n` +
        `  calm read p95 ${p95(beside).toFixed(1)} ms beside the noise, ${p95(alone).toFixed(1)} ms alone`,
    )
    return ok
  }

  const results: { name: string; tally: Tally; recoverySeconds: number; verdict: Awaited<ReturnType<typeof verifyNothingLost>> }[] = []
  const step = (m: string) => console.log(`  ${new Date().toISOString().slice(11, 19)} ${m}`)
  for (const fault of faults) {
    console.log(`\n▸ ${fault.name}`)
    const tally = newTally()
    const load = startWorkload(running.url, currentSession, tally)
    await sleep(3000)
    step('strike')
    await fault.strike()
    await sleep(fault.downMs)
    step('heal')
    await fault.heal()
    const healed = performance.now()
    const recoverySeconds = await firstSuccessAfter(healed)
    step(`first success after ${recoverySeconds.toFixed(1)} s`)
    await sleep(4000)
    await load.stop()
    step(`clients stopped; ${tally.acknowledged.size} creates acknowledged; counting`)
    const verdict = await verifyNothingLost(db, bus, tally)
    results.push({ name: fault.name, tally, recoverySeconds, verdict })
    const errors = [...tally.errors].map(([k, n]) => `${k}×${n}`).join(' ') || 'none'
    console.log(
      `\n${verdict.ok ? 'OK  ' : 'FAIL'} ${fault.name}\n` +
        `  acknowledged ${verdict.acknowledged} (in db ${verdict.acknowledged - verdict.missing}, missing ${verdict.missing}, doubled ${verdict.duplicated}); ` +
        `retried at the end ${tally.unacknowledged.size} (${verdict.unacknowledgedSeen} exist, once)\n` +
        `  created events: outbox ${verdict.eventsInOutbox} (unpublished ${verdict.outboxUnpublished}), stream ${verdict.eventsInStream} of all, counted by admin ${verdict.countedByConsumer} of ${verdict.estimatesInDb}\n` +
        `  errors seen by clients: ${errors}; 503 with Retry-After ${tally.retryAfter.with}/${tally.retryAfter.of}; reads ${tally.reads}; first success ${recoverySeconds.toFixed(1)} s after healing`,
    )
  }
  const noisyOk = await noisyTenant()
  const failed = results.filter((r) => !r.verdict.ok)
  const failedCount = failed.length + (noisyOk ? 0 : 1)
  console.log(`\nfaults: ${results.length + 1 - failedCount} passed, ${failedCount} failed`)
  await bus.close()
  await db.end()
  exitCode = failedCount ? 1 : 0
} finally {
  await stack?.stop().catch(() => {})
  await infra.removeAll().catch(() => {})
}
process.exit(exitCode)
