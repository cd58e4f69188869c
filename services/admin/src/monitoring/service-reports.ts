import { healthSubject, MONITORED_SERVICES, type MonitoredService, type ServiceHealthReport, ZServiceHealthReport } from '@plumbline/contracts'
import { type Bus, requestAll } from '@plumbline/messaging'

/** How long a service may take to say how it is; a slower one counts as not answering. */
export const SERVICE_HEALTH_TIMEOUT_MS = 1500
/** Once a replica has answered, how long to wait for the next before taking what came. */
const NEXT_REPLICA_MS = 150

/**
 * A service as its replicas describe themselves: `instances` is every replica that answered (the
 * monitoring samples keep each one's counters), `report` their sum (requests, memory, uptime of the
 * youngest; ready only when every replica is). The cluster-wide parts (outbox, consumers) come from
 * one replica: every replica reads the same JetStream and outbox table.
 */
export type ServiceReport =
  | { service: MonitoredService; ok: true; report: ServiceHealthReport; instances: ServiceHealthReport[]; responseTime: number }
  | { service: MonitoredService; ok: false; error: string; responseTime: number }

/** Every replica's report of one service added up (see ServiceReport). */
export function combineReports(instances: ServiceHealthReport[]): ServiceHealthReport {
  const [first, ...rest] = instances
  if (!first) throw new Error('combineReports: no report')
  const buckets = new Map<number, number>()
  for (const r of instances) for (const b of r.http.buckets) buckets.set(b.le, (buckets.get(b.le) ?? 0) + b.count)
  const total = (pick: (r: ServiceHealthReport) => number) => instances.reduce((sum, r) => sum + pick(r), 0)
  const unready = instances.find((r) => r.status !== 'healthy')
  return {
    ...first,
    instance: instances.map((r) => r.instance).join(','),
    status: unready ? 'unhealthy' : 'healthy',
    checks: (unready ?? first).checks,
    uptimeSeconds: Math.min(first.uptimeSeconds, ...rest.map((r) => r.uptimeSeconds)),
    memoryBytes: total((r) => r.memoryBytes),
    externalApiCalls: total((r) => r.externalApiCalls),
    http: {
      requests: total((r) => r.http.requests),
      serverErrors: total((r) => r.http.serverErrors),
      durationSecondsSum: total((r) => r.http.durationSecondsSum),
      slowRequests: total((r) => r.http.slowRequests),
      buckets: [...buckets.entries()].sort((a, b) => a[0] - b[0]).map(([le, count]) => ({ le, count })),
    },
  }
}

/** Asks every replica of every service for its health report over NATS, all at once. */
export function collectServiceReports(bus: Bus): Promise<ServiceReport[]> {
  return Promise.all(
    MONITORED_SERVICES.map(async (service): Promise<ServiceReport> => {
      const started = performance.now()
      const elapsed = () => Math.round(performance.now() - started)
      const instances = await requestAll(bus, healthSubject(service), undefined, {
        schema: ZServiceHealthReport,
        timeoutMs: SERVICE_HEALTH_TIMEOUT_MS,
        stallMs: NEXT_REPLICA_MS,
      })
      if (instances.length === 0) return { service, ok: false, error: `no reply within ${SERVICE_HEALTH_TIMEOUT_MS} ms`, responseTime: elapsed() }
      return { service, ok: true, report: combineReports(instances), instances, responseTime: elapsed() }
    }),
  )
}
