import type { HttpTotals, MetricsSample } from '@plumbline/contracts'
import type { AdminDeps } from '../deps.js'
import type { ServiceReport } from './service-reports.js'

/** The history chart's span: the last hour. */
export const HISTORY_MINUTES = 60
/** Performance figures (average response time, error rate, slow requests) cover this window. */
export const WINDOW_MINUTES = 5
/** Samples older than this are pruned (a little over the chart's hour). */
export const SAMPLE_RETENTION_MINUTES = 2 * HISTORY_MINUTES
/** Spec 001 §9: uptime window 30 days. */
export const UPTIME_DAYS = 30

type Deps = Pick<AdminDeps, 'prisma'>

/** One instance's totals at one moment, as stored (monitoring_samples). */
export type StoredSample = {
  takenAt: Date
  service: string
  instance: string
  startedAt: Date
  requests: number
  serverErrors: number
  durationSecondsSum: number
  slowRequests: number
  buckets: HttpTotals['buckets']
}

/** What one instance did between two of its samples (or since it started, for its first). */
export type Interval = {
  service: string
  from: Date
  to: Date
  requests: number
  serverErrors: number
  durationSecondsSum: number
  slowRequests: number
  buckets: Map<number, number>
}

/** Keeps what every instance that answered said about its requests (one row per instance). */
export async function recordSamples(deps: Deps, reports: ServiceReport[], now = new Date()): Promise<void> {
  const rows = reports.flatMap((r) =>
    r.ok
      ? r.instances.map((instance) => ({
          takenAt: now,
          service: r.service,
          instance: instance.instance,
          startedAt: new Date(now.getTime() - instance.uptimeSeconds * 1000),
          requests: instance.http.requests,
          serverErrors: instance.http.serverErrors,
          durationSecondsSum: instance.http.durationSecondsSum,
          slowRequests: instance.http.slowRequests,
          buckets: instance.http.buckets,
        }))
      : [],
  )
  if (rows.length) await deps.prisma.monitoringSample.createMany({ data: rows })
  await deps.prisma.monitoringSample.deleteMany({ where: { takenAt: { lt: new Date(now.getTime() - SAMPLE_RETENTION_MINUTES * 60_000) } } })
}

const bucketMap = (buckets: HttpTotals['buckets']) => new Map(buckets.map((b) => [b.le, b.count]))

/**
 * The intervals between consecutive samples of each instance. An instance's first sample counts
 * from zero when it started after the previous sampling round (a new replica or a restart); else
 * it only sets the baseline. Counters never go down within one instance (a restart is a new one).
 */
export function intervalsOf(samples: StoredSample[]): Interval[] {
  const byInstance = new Map<string, StoredSample[]>()
  for (const s of samples) byInstance.set(`${s.service}\u0000${s.instance}`, [...(byInstance.get(`${s.service}\u0000${s.instance}`) ?? []), s])
  const rounds = [...new Set(samples.map((s) => s.takenAt.getTime()))].sort((a, b) => a - b)
  const out: Interval[] = []
  for (const list of byInstance.values()) {
    list.sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime())
    const first = list[0]
    if (!first) continue
    const earlierRound = rounds.filter((t) => t < first.takenAt.getTime()).at(-1)
    if (earlierRound !== undefined && first.startedAt.getTime() > earlierRound) {
      out.push({ ...first, from: first.startedAt, to: first.takenAt, buckets: bucketMap(first.buckets) })
    }
    for (const [i, after] of list.entries()) {
      const before = list[i - 1]
      if (!before) continue
      const earlier = bucketMap(before.buckets)
      out.push({
        service: after.service,
        from: before.takenAt,
        to: after.takenAt,
        requests: Math.max(0, after.requests - before.requests),
        serverErrors: Math.max(0, after.serverErrors - before.serverErrors),
        durationSecondsSum: Math.max(0, after.durationSecondsSum - before.durationSecondsSum),
        slowRequests: Math.max(0, after.slowRequests - before.slowRequests),
        buckets: new Map(after.buckets.map((b) => [b.le, Math.max(0, b.count - (earlier.get(b.le) ?? 0))])),
      })
    }
  }
  return out
}

/** The request duration under which 95 % of the requests finished, from summed bucket counts. */
export function p95Of(requests: number, buckets: Map<number, number>): number | null {
  if (requests <= 0) return null
  const sorted = [...buckets.entries()].sort((a, b) => a[0] - b[0])
  for (const [le, count] of sorted) if (count >= 0.95 * requests) return Math.round(le * 1000)
  // Slower than the largest bucket: report that bound, the most the histogram can say.
  return Math.round((sorted.at(-1)?.[0] ?? 0) * 1000)
}

export type WindowFigures = { avgResponseTime: number; errorRate: number; slowRequests: number }

/** Average response time (ms), error rate (%) and slow requests of every service's intervals ending in the window. */
export function windowFigures(intervals: Interval[], since: Date): WindowFigures {
  const recent = intervals.filter((i) => i.to > since)
  const total = (pick: (i: Interval) => number) => recent.reduce((sum, i) => sum + pick(i), 0)
  const requests = total((i) => i.requests)
  return {
    avgResponseTime: requests ? Math.round((total((i) => i.durationSecondsSum) / requests) * 1000 * 10) / 10 : 0,
    errorRate: requests ? Math.round((total((i) => i.serverErrors) / requests) * 100 * 100) / 100 : 0,
    slowRequests: total((i) => i.slowRequests),
  }
}

/**
 * The chart's points: one per sampling round (rounds of several admin replicas falling in the
 * same `stepMs` slot are merged), each service's requests per minute, p95 and errors over the
 * intervals that ended in it.
 */
export function historyOf(intervals: Interval[], stepMs: number): MetricsSample[] {
  const slots = new Map<number, Interval[]>()
  for (const i of intervals) {
    const slot = Math.floor(i.to.getTime() / stepMs) * stepMs
    slots.set(slot, [...(slots.get(slot) ?? []), i])
  }
  return [...slots.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([slot, list]) => {
      const services = [...new Set(list.map((i) => i.service))].sort()
      return {
        timestamp: new Date(slot).toISOString(),
        services: services.map((service) => {
          const mine = list.filter((i) => i.service === service)
          const requests = mine.reduce((sum, i) => sum + i.requests, 0)
          const buckets = new Map<number, number>()
          for (const i of mine) for (const [le, count] of i.buckets) buckets.set(le, (buckets.get(le) ?? 0) + count)
          // Each instance's own rate, added up: replicas sampled in the same round run side by side.
          const perMinute = mine.reduce((sum, i) => sum + i.requests / Math.max((i.to.getTime() - i.from.getTime()) / 60_000, 1 / 60), 0)
          return {
            service,
            requestsPerMinute: Math.round(perMinute * 10) / 10,
            p95Ms: p95Of(requests, buckets),
            errors: mine.reduce((sum, i) => sum + i.serverErrors, 0),
          }
        }),
      }
    })
}

/** The stored samples of the last `minutes` (plus one round before, as the baseline). */
export async function storedSamples(deps: Deps, minutes: number, now = new Date()): Promise<StoredSample[]> {
  const rows = await deps.prisma.monitoringSample.findMany({
    where: { takenAt: { gte: new Date(now.getTime() - (minutes + 1) * 60_000), lte: now } },
    orderBy: { takenAt: 'asc' },
  })
  return rows.map((r) => ({ ...r, buckets: r.buckets as HttpTotals['buckets'] }))
}

/** Counts, per day, how many service samples answered ready (kept 30 days). */
export async function recordUptime(deps: Deps, reports: ServiceReport[], now = new Date()): Promise<void> {
  const day = new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`)
  const up = reports.filter((r) => r.ok && r.report.status === 'healthy').length
  await deps.prisma.monitoringUptime.upsert({
    where: { day },
    create: { day, up, total: reports.length },
    update: { up: { increment: up }, total: { increment: reports.length } },
  })
  await deps.prisma.monitoringUptime.deleteMany({ where: { day: { lt: new Date(day.getTime() - UPTIME_DAYS * 86_400_000) } } })
}

/** Percent of service samples that were ready over the last 30 days; 100 before any sample. */
export async function uptimePercent(deps: Deps, now = new Date()): Promise<number> {
  const since = new Date(`${new Date(now.getTime() - (UPTIME_DAYS - 1) * 86_400_000).toISOString().slice(0, 10)}T00:00:00Z`)
  const sums = await deps.prisma.monitoringUptime.aggregate({ _sum: { up: true, total: true }, where: { day: { gte: since } } })
  const up = sums._sum.up ?? 0
  const total = sums._sum.total ?? 0
  return total === 0 ? 100 : Math.round((up / total) * 10_000) / 100
}
