import { hostname } from 'node:os'
import { type ConsumerState, type HttpTotals, healthSubject, type ServiceHealthReport } from '@plumbline/contracts'
import { BUS_GRANTS, type Bus, type BusService, consumerName, prefixSubject, type Replier, reply, streamName } from '@plumbline/messaging'
import type { Registry } from 'prom-client'
import { isReady, type ReadinessCheck, runReadiness } from './health.js'

/** Requests slower than this count as slow (spec 001 §9: slow request threshold 1 second). */
export const SLOW_REQUEST_SECONDS = 1

type MetricValue = { value: number; labels: Record<string, string | number>; metricName?: string }

async function valuesOf(registry: Registry, name: string): Promise<MetricValue[]> {
  const metric = registry.getSingleMetric(name)
  if (!metric) return []
  return (await metric.get()).values as MetricValue[]
}

/** The RED totals of a kit registry (http_requests_total, http_request_duration_seconds). */
export async function httpTotals(registry: Registry): Promise<HttpTotals> {
  const requests = await valuesOf(registry, 'http_requests_total')
  const durations = await valuesOf(registry, 'http_request_duration_seconds')
  const sumOf = (values: MetricValue[]) => values.reduce((total, v) => total + v.value, 0)
  const buckets = new Map<number, number>()
  for (const v of durations.filter((d) => d.metricName?.endsWith('_bucket'))) {
    const le = v.labels.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(v.labels.le)
    buckets.set(le, (buckets.get(le) ?? 0) + v.value)
  }
  const count = sumOf(durations.filter((d) => d.metricName?.endsWith('_count')))
  const fast = buckets.get(SLOW_REQUEST_SECONDS) ?? count
  return {
    requests: sumOf(requests),
    serverErrors: sumOf(requests.filter((r) => String(r.labels.status).startsWith('5'))),
    durationSecondsSum: sumOf(durations.filter((d) => d.metricName?.endsWith('_sum'))),
    slowRequests: Math.max(0, count - fast),
    buckets: [...buckets.entries()].filter(([le]) => Number.isFinite(le)).map(([le, c]) => ({ le, count: c })),
  }
}

/** The JetStream state of a service's durable consumers, dead letters included. */
export async function consumerStates(bus: Bus, service: BusService): Promise<ConsumerState[]> {
  const durables = BUS_GRANTS[service].consumes
  if (durables.length === 0) return []
  const dlq = await bus.jsm.streams.info(streamName(bus.prefix, 'dlq'), { subjects_filter: prefixSubject(bus.prefix, 'dlq.>') }).catch(() => undefined)
  const deadLetters = (dlq?.state.subjects ?? {}) as Record<string, number>
  return Promise.all(
    durables.map(async ({ durable, subject }) => {
      const info = await bus.jsm.consumers.info(streamName(bus.prefix, subject.split('.')[0] ?? ''), consumerName(bus.prefix, durable)).catch(() => undefined)
      return {
        durable,
        pending: info?.num_pending ?? 0,
        ackPending: info?.num_ack_pending ?? 0,
        redelivered: info?.num_redelivered ?? 0,
        deadLettered: deadLetters[prefixSubject(bus.prefix, `dlq.${durable}`)] ?? 0,
      }
    }),
  )
}

export type HealthReportSources = {
  service: BusService
  bus: Bus
  registry: Registry
  readiness: ReadinessCheck[]
  /** Unpublished outbox rows and the oldest one's age (services with an outbox). */
  outbox?: () => Promise<{ backlog: number; oldestAgeSeconds: number | null }>
}

/** This process among the service's replicas (the pod's host name in Kubernetes). */
const INSTANCE = `${hostname()}-${process.pid}`

/** What this process says about itself: readiness, RED totals, outbox and consumers. */
export async function buildHealthReport(sources: HealthReportSources): Promise<ServiceHealthReport> {
  const [checks, http, outbox, consumers, external] = await Promise.all([
    runReadiness(sources.readiness),
    httpTotals(sources.registry),
    sources.outbox ? sources.outbox().catch(() => null) : Promise.resolve(null),
    consumerStates(sources.bus, sources.service).catch(() => []),
    valuesOf(sources.registry, 'external_api_calls_total'),
  ])
  return {
    service: sources.service,
    instance: INSTANCE,
    status: isReady(sources.readiness, checks) ? 'healthy' : 'unhealthy',
    checks,
    uptimeSeconds: Math.round(process.uptime()),
    memoryBytes: process.memoryUsage().rss,
    http,
    outbox,
    consumers,
    externalApiCalls: external.reduce((total, v) => total + v.value, 0),
  }
}

/** Answers `rpc.<service>.health`, every replica for itself, so the admin service hears from every process at once. */
export function startHealthResponder(sources: HealthReportSources): Replier {
  return reply(sources.bus, healthSubject(sources.service), () => buildHealthReport(sources), undefined, { everyReplica: true })
}

/** Outbox backlog of a service's schema (the relay's table, see libs/messaging outbox-tables). */
export function outboxBacklogQuery(query: (sql: string) => Promise<unknown>, schema: string) {
  return async () => {
    const rows = (await query(
      `SELECT count(*)::int AS backlog, EXTRACT(EPOCH FROM (now() - min(created_at)))::float AS age FROM "${schema}".outbox_events WHERE published_at IS NULL`,
    )) as { backlog: number; age: number | null }[]
    const row = rows[0]
    return { backlog: Number(row?.backlog ?? 0), oldestAgeSeconds: row?.age == null ? null : Math.round(Number(row.age)) }
  }
}
