import type { HttpTotals, MetricsSample } from '@plumbline/contracts'
import type { AdminDeps } from '../deps.js'
import { collectServiceReports, type ServiceReport } from './service-reports.js'

/** One hour of samples at the default 30 s interval. */
export const HISTORY_LENGTH = 120
/** Spec 001 §9: uptime window 30 days. */
export const UPTIME_DAYS = 30

/** The request duration under which 95 % of an interval's requests finished, from histogram bucket deltas. */
export function p95Of(before: HttpTotals | undefined, after: HttpTotals): number | null {
  const requests = after.requests - (before?.requests ?? 0)
  const restarted = requests < 0
  const total = restarted ? after.requests : requests
  if (total <= 0) return null
  const earlier = new Map((restarted ? [] : (before?.buckets ?? [])).map((b) => [b.le, b.count]))
  const sorted = [...after.buckets].sort((a, b) => a.le - b.le)
  for (const bucket of sorted) {
    if (bucket.count - (earlier.get(bucket.le) ?? 0) >= 0.95 * total) return Math.round(bucket.le * 1000)
  }
  // Slower than the largest bucket: report that bound, the most the histogram can say.
  return Math.round((sorted.at(-1)?.le ?? 0) * 1000)
}

const delta = (after: number, before: number | undefined) => (before === undefined || after < before ? after : after - before)

/**
 * A small in-memory history of request rate, p95 and errors per service for the monitoring
 * charts (the last hour). Prometheus keeps the long history; this is what the admin page can
 * show without one. Lost on restart, by design.
 */
export class MetricsHistory {
  private samples: MetricsSample[] = []
  private previous = new Map<string, { at: number; http: HttpTotals }>()

  record(reports: ServiceReport[], now = Date.now()): void {
    const services = reports.flatMap((r) => {
      if (!r.ok) return []
      const before = this.previous.get(r.service)
      this.previous.set(r.service, { at: now, http: r.report.http })
      if (!before) return []
      const minutes = Math.max((now - before.at) / 60_000, 1 / 60)
      return [
        {
          service: r.service,
          requestsPerMinute: Math.round((delta(r.report.http.requests, before.http.requests) / minutes) * 10) / 10,
          p95Ms: p95Of(before.http, r.report.http),
          errors: delta(r.report.http.serverErrors, before.http.serverErrors),
        },
      ]
    })
    if (services.length === 0) return
    this.samples = [...this.samples, { timestamp: new Date(now).toISOString(), services }].slice(-HISTORY_LENGTH)
  }

  list(): MetricsSample[] {
    return this.samples
  }
}

const uptimeKey = (prefix: string, day: string) => `${prefix}monitoring:uptime:${day}`

/** Counts, per day, how many service samples answered ready (kept 30 days in Redis). */
export async function recordUptime(deps: Pick<AdminDeps, 'redis' | 'env'>, reports: ServiceReport[], now = new Date()): Promise<void> {
  const key = uptimeKey(deps.env.REDIS_PREFIX, now.toISOString().slice(0, 10))
  const up = reports.filter((r) => r.ok && r.report.status === 'healthy').length
  await deps.redis
    .multi()
    .hIncrBy(key, 'up', up)
    .hIncrBy(key, 'total', reports.length)
    .expire(key, (UPTIME_DAYS + 1) * 24 * 3600)
    .exec()
}

/** Percent of service samples that were ready over the last 30 days; 100 before any sample. */
export async function uptimePercent(deps: Pick<AdminDeps, 'redis' | 'env'>, now = new Date()): Promise<number> {
  const days = Array.from({ length: UPTIME_DAYS }, (_, i) => new Date(now.getTime() - i * 86_400_000).toISOString().slice(0, 10))
  const rows = await Promise.all(days.map((day) => deps.redis.hGetAll(uptimeKey(deps.env.REDIS_PREFIX, day))))
  const up = rows.reduce((sum, r) => sum + Number(r.up ?? 0), 0)
  const total = rows.reduce((sum, r) => sum + Number(r.total ?? 0), 0)
  return total === 0 ? 100 : Math.round((up / total) * 10_000) / 100
}

/** Samples every service on an interval for the history and the uptime counters. */
export function startMetricsSampler(deps: Pick<AdminDeps, 'bus' | 'redis' | 'env' | 'logger'>, history: MetricsHistory, intervalMs: number) {
  const sample = async () => {
    const reports = await collectServiceReports(deps.bus)
    history.record(reports)
    await recordUptime(deps, reports)
  }
  const run = () => void sample().catch((err: unknown) => deps.logger.warn({ err }, 'monitoring sample failed'))
  run()
  const timer = setInterval(run, intervalMs)
  timer.unref()
  return { stop: async () => clearInterval(timer) }
}
