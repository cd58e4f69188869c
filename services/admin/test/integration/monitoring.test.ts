import { MONITORED_SERVICES, ZDetailedHealth, ZMonitoringMetrics } from '@plumbline/contracts'
import {
  CLUSTER_WIDE_METRICS,
  createLogger,
  createMetrics,
  createServiceApp,
  identityKeysFromEnv,
  identityVerifier,
  outboxBacklogQuery,
  registerMessagingMetrics,
  serverErrorReporter,
  startHealthResponder,
} from '@plumbline/service-kit'
import { identityHeaders, serveForTests } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storedFigures } from '../../src/monitoring/performance-source.js'
import { listRecentErrors } from '../../src/monitoring/recent-errors.js'
import { type AdminTestService, memberOf, startAdminTestService } from '../support/admin-test-service.js'

// The admin service in process, plus a kit-built "estimates" app on the same bus: its 500s
// travel through the kit's error handler as one notification and show up in recentErrors.
let svc: AdminTestService
let admin: Record<string, string>
let failing: Awaited<ReturnType<typeof serveForTests>>
const stops: { stop: () => Promise<void> }[] = []

beforeAll(async () => {
  svc = await startAdminTestService({ env: { TRACE_VIEWER_URL: 'http://jaeger.test/trace/{traceId}', MONITORING_SAMPLE_SECONDS: '1' } })
  admin = await identityHeaders({ sub: 'admin-user', email: 'admin@example.com', systemRole: 'admin' })
  const logger = createLogger('estimates', 'silent')
  const metrics = createMetrics('estimates')
  const app = createServiceApp({
    name: 'estimates',
    logger,
    metrics,
    readiness: [],
    verifyIdentity: identityVerifier(identityKeysFromEnv(svc.deps.env)),
    onServerError: serverErrorReporter(svc.deps.bus, 'estimates'),
    routes: (a) => {
      a.get('/boom/:id', () => {
        throw new Error('database exploded')
      })
    },
  })
  failing = await serveForTests(app)
  // Two services answer their health requests: admin itself and this estimates stand-in.
  stops.push(startHealthResponder({ service: 'admin', bus: svc.deps.bus, registry: createMetrics('admin').registry, readiness: [] }))
  stops.push(startHealthResponder({ service: 'estimates', bus: svc.deps.bus, registry: metrics.registry, readiness: [] }))
})
afterAll(async () => {
  for (const s of stops) await s.stop()
  await failing?.close()
  await svc?.close()
})

describe('GET /health/detailed and /health/metrics: who may call them', () => {
  it('answers 403 to a signed-in user who is not a platform admin', async () => {
    const owner = await memberOf('0190a000-0000-7000-8000-0000000000aa')
    for (const path of ['/health/detailed', '/health/metrics']) expect((await svc.call('GET', path, { headers: owner })).status).toBe(403)
  })
})

describe('GET /health/detailed', () => {
  it('names every service, says which do not answer, and checks PostgreSQL, Redis, JetStream and the outboxes', async () => {
    const res = await svc.call('GET', '/health/detailed', { headers: admin })
    expect(res.status).toBe(200)
    const health = ZDetailedHealth.parse(res.json)
    const byName = new Map(health.checks.map((c) => [c.component, c]))
    for (const service of MONITORED_SERVICES) expect(byName.has(service)).toBe(true)
    expect(byName.get('admin')).toMatchObject({ status: 'healthy', message: 'Ready' })
    expect(byName.get('estimates')).toMatchObject({ status: 'healthy' })
    // No process answers for the others in this test: each is unhealthy, so the platform is degraded.
    expect(byName.get('documents')).toMatchObject({ status: 'unhealthy', message: 'Not answering' })
    expect(byName.get('postgresql')).toMatchObject({ status: 'healthy' })
    expect(byName.get('postgresql')?.details).toMatchObject({ connections: expect.any(Number) })
    expect((byName.get('postgresql')?.details as { connections?: number } | undefined)?.connections).toBeGreaterThan(0)
    expect(byName.get('redis')).toMatchObject({ status: 'healthy' })
    expect(byName.get('nats-jetstream')?.details).toMatchObject({ pending: expect.any(Number), deadLetters: expect.any(Number) })
    expect(byName.get('outbox')?.details).toMatchObject({ backlog: expect.any(Number) })
    expect(health.status).toBe('degraded')
  })
})

describe('a 5xx in a service', () => {
  it('appears in recentErrors with its trace id and route, linked to the trace viewer', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736'
    const boom = await failing.call('GET', '/boom/42', { headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } })
    expect(boom.status).toBe(500)
    expect(JSON.stringify(boom.json)).not.toContain('database exploded')
    let found: ReturnType<typeof ZMonitoringMetrics.parse> | undefined
    for (let i = 0; i < 50 && !found?.recentErrors.some((e) => e.correlationId === traceId); i++) {
      await new Promise((r) => setTimeout(r, 100))
      const res = await svc.call('GET', '/health/metrics', { headers: admin })
      expect(res.status).toBe(200)
      found = ZMonitoringMetrics.parse(res.json)
    }
    const error = found?.recentErrors.find((e) => e.correlationId === traceId)
    expect(error).toMatchObject({ service: 'estimates', category: 'http', endpoint: 'GET /boom/:id', message: 'database exploded' })
    expect(found?.traceViewerUrl).toBe('http://jaeger.test/trace/{traceId}')
  })

  it('counts in the metrics computed from the services’ own prom-client registries', { timeout: 60_000 }, async () => {
    // Once a sampling round has the stand-in's counters as a baseline, a further 500 counts in the next round.
    const sampled = () => svc.deps.prisma.monitoringSample.count({ where: { service: 'estimates' } })
    for (let i = 0; i < 150 && (await sampled()) === 0; i++) await new Promise((r) => setTimeout(r, 100))
    expect((await failing.call('GET', '/boom/43')).status).toBe(500)
    let metrics = ZMonitoringMetrics.parse((await svc.call('GET', '/health/metrics', { headers: admin })).json)
    for (let i = 0; i < 150 && metrics.performanceMetrics.errorRate === 0; i++) {
      await new Promise((r) => setTimeout(r, 100))
      metrics = ZMonitoringMetrics.parse((await svc.call('GET', '/health/metrics', { headers: admin })).json)
    }
    expect(metrics.performanceMetrics.errorRate).toBeGreaterThan(0)
    expect(metrics.performanceMetrics.avgResponseTime).toBeGreaterThanOrEqual(0)
    expect(metrics.systemMetrics.memoryUsage).toBeGreaterThan(0)
    expect(metrics.systemMetrics.dbConnections).toBeGreaterThan(0)
    expect(metrics.businessMetrics).toEqual({ estimatesCreated: 0, pdfsGenerated: 0, activeUsers: 0, totalOrganizations: 0 })
  })
})

describe('messaging metrics on /metrics', () => {
  it('report the outbox backlog and oldest age, and each durable consumer of the service', async () => {
    const { registry } = createMetrics('admin')
    const outbox = outboxBacklogQuery((sql) => svc.deps.prisma.$queryRawUnsafe(sql), 'admin')
    await svc.deps.prisma.$executeRawUnsafe(
      `INSERT INTO admin.outbox_events (id, subject, payload, created_at) VALUES (gen_random_uuid(), 'admin.test.v1', '{}', now() - interval '90 seconds')`,
    )
    registerMessagingMetrics(registry, { bus: svc.deps.bus, service: 'admin', outbox })
    const text = await registry.metrics()
    expect(text).toMatch(/^messaging_outbox_backlog\{scope="cluster",service="admin"\} [1-9]/m)
    expect(Number(/^messaging_outbox_oldest_age_seconds\{scope="cluster",service="admin"\} (\d+)/m.exec(text)?.[1])).toBeGreaterThanOrEqual(89)
    expect(text).toContain('messaging_dead_letters{durable="admin-on-estimate-created-v1",scope="cluster",service="admin"} 0')
    expect(text).toContain('messaging_consumer_pending{durable="admin-on-estimate-created-v1",scope="cluster",service="admin"} 0')
  })

  it('say which figures are the cluster’s (the same on every replica), so nothing sums them', async () => {
    const { registry } = createMetrics('admin')
    registerMessagingMetrics(registry, { bus: svc.deps.bus, service: 'admin', outbox: async () => ({ backlog: 0, oldestAgeSeconds: null }) })
    const text = await registry.metrics()
    for (const name of CLUSTER_WIDE_METRICS) {
      expect(text).toMatch(new RegExp(`^# HELP ${name} .*cluster-wide.*max, not sum`, 'm'))
      for (const line of text.split('\n').filter((l) => l.startsWith(`${name}{`))) expect(line).toContain('scope="cluster"')
    }
    // The per-process counters are not the cluster's: they add up across replicas.
    expect(text).not.toMatch(/^messaging_consumed_total\{[^}]*scope=/m)
  })
})

describe('performance figures', () => {
  // Rows of a made-up service an hour ahead, so the live sampler's rows fall outside the window.
  const later = new Date(Date.now() + 3_600_000)
  const at = (minutesBefore: number) => new Date(later.getTime() - minutesBefore * 60_000)
  const sample = (minutesBefore: number, requests: number, serverErrors: number, instance = 'pod-a') => ({
    takenAt: at(minutesBefore),
    service: 'estimates',
    instance,
    startedAt: at(120),
    requests,
    serverErrors,
    durationSecondsSum: requests * 0.02,
    slowRequests: 0,
    buckets: [
      { le: 0.025, count: requests },
      { le: 1, count: requests },
    ],
  })

  it('cover the last 5 minutes, not the time since each service started', async () => {
    // A burst of 500s twenty minutes ago, then two clean intervals of 100 requests each.
    await svc.deps.prisma.monitoringSample.createMany({
      data: [sample(25, 0, 0), sample(20, 100, 50), sample(4, 200, 50), sample(1, 300, 50), sample(4, 10, 0, 'pod-b'), sample(1, 40, 0, 'pod-b')],
    })
    const figures = await storedFigures({ prisma: svc.deps.prisma, env: { MONITORING_SAMPLE_SECONDS: 30 } }, later)
    // Since start this would be 50 of 340 requests (14.7 %); the window holds none of them.
    expect(figures.errorRate).toBe(0)
    expect(figures.avgResponseTime).toBe(20)
    // The chart adds up both replicas: pod-a's 100 requests over 3 minutes and pod-b's 30 over 3.
    const last = figures.history.at(-1)?.services.find((s) => s.service === 'estimates')
    expect(last?.requestsPerMinute).toBeCloseTo(100 / 3 + 30 / 3, 0)
    expect(figures.history.some((h) => h.services.some((s) => s.errors === 50))).toBe(true)
  })

  it('are kept in the admin schema, so a restarted admin still shows the history and the recent errors', async () => {
    const { PrismaClient } = await import('../../src/generated/prisma/client.js')
    const { createPrismaClient } = await import('@plumbline/db')
    const { prisma } = createPrismaClient(PrismaClient, { databaseUrl: svc.deps.env.DATABASE_URL, schema: 'admin', poolSize: 1 })
    try {
      const fresh = { prisma, env: { MONITORING_SAMPLE_SECONDS: 30 } }
      expect((await storedFigures(fresh, later)).history.length).toBeGreaterThan(0)
      expect((await listRecentErrors(fresh)).some((e) => e.service === 'estimates' && e.endpoint === 'GET /boom/:id')).toBe(true)
    } finally {
      await prisma.$disconnect()
    }
  })
})
