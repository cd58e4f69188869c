import type { MetricsSample } from '@plumbline/contracts'
import { z } from 'zod'
import type { AdminDeps } from '../deps.js'
import { HISTORY_MINUTES, historyOf, intervalsOf, storedSamples, WINDOW_MINUTES, type WindowFigures, windowFigures } from './history.js'

/**
 * Where the monitoring page's performance figures come from: Prometheus when PROMETHEUS_URL is
 * set (it scrapes every replica and keeps the long history), else the samples admin keeps in its
 * own schema (monitoring_samples). Either way the figures cover the last minutes, not the time
 * since each service started, and survive a restart of admin.
 */
export type PerformanceFigures = WindowFigures & { history: MetricsSample[] }

type Deps = Pick<AdminDeps, 'prisma' | 'logger'> & { env: { PROMETHEUS_URL?: string; MONITORING_SAMPLE_SECONDS: number } }

/** From the stored samples: the last 5 minutes' figures and the last hour's chart. */
export async function storedFigures(deps: Pick<Deps, 'prisma' | 'env'>, now = new Date()): Promise<PerformanceFigures> {
  const intervals = intervalsOf(await storedSamples(deps, HISTORY_MINUTES, now))
  return {
    ...windowFigures(intervals, new Date(now.getTime() - WINDOW_MINUTES * 60_000)),
    history: historyOf(intervals, deps.env.MONITORING_SAMPLE_SECONDS * 1000),
  }
}

const ZVector = z.object({
  status: z.literal('success'),
  data: z.object({ result: z.array(z.object({ metric: z.record(z.string(), z.string()), value: z.tuple([z.number(), z.string()]) })) }),
})
const ZMatrix = z.object({
  status: z.literal('success'),
  data: z.object({ result: z.array(z.object({ metric: z.record(z.string(), z.string()), values: z.array(z.tuple([z.number(), z.string()])) })) }),
})

const PROMETHEUS_TIMEOUT_MS = 3000

async function prometheus<T>(base: string, path: string, params: Record<string, string>, schema: z.ZodType<T>): Promise<T> {
  const url = new URL(path, base.endsWith('/') ? base : `${base}/`)
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v)
  const res = await fetch(url, { signal: AbortSignal.timeout(PROMETHEUS_TIMEOUT_MS) })
  if (!res.ok) throw new Error(`Prometheus answered ${res.status} to ${params.query}`)
  return schema.parse(await res.json())
}

const finite = (v: string | undefined) => {
  const n = Number(v)
  return Number.isFinite(n) ? n : 0
}

/** The same figures from Prometheus: increase() over 5 minutes, and the hour's chart at the sampling step. */
export async function prometheusFigures(base: string, stepSeconds: number, now = new Date()): Promise<PerformanceFigures> {
  const at = String(now.getTime() / 1000)
  const scalar = async (query: string) => finite((await prometheus(base, 'api/v1/query', { query, time: at }, ZVector)).data.result[0]?.value[1])
  const w = `${WINDOW_MINUTES}m`
  const [requests, errors, seconds, fast] = await Promise.all([
    scalar(`sum(increase(http_requests_total[${w}]))`),
    scalar(`sum(increase(http_requests_total{status=~"5.."}[${w}]))`),
    scalar(`sum(increase(http_request_duration_seconds_sum[${w}]))`),
    scalar(`sum(increase(http_request_duration_seconds_bucket{le="1"}[${w}]))`),
  ])
  const range = (query: string) =>
    prometheus(
      base,
      'api/v1/query_range',
      { query, start: String(now.getTime() / 1000 - HISTORY_MINUTES * 60), end: at, step: String(stepSeconds) },
      ZMatrix,
    ).then((m) => m.data.result)
  const rate = `${Math.max(stepSeconds * 2, 60)}s`
  const [perMinute, p95, failures] = await Promise.all([
    range(`sum by (service) (rate(http_requests_total[${rate}])) * 60`),
    range(`histogram_quantile(0.95, sum by (service, le) (rate(http_request_duration_seconds_bucket[${rate}]))) * 1000`),
    range(`sum by (service) (increase(http_requests_total{status=~"5.."}[${stepSeconds}s]))`),
  ])
  const points = new Map<number, Map<string, MetricsSample['services'][number]>>()
  const at_ = (t: number, service: string) => {
    const slot = points.get(t) ?? new Map()
    points.set(t, slot)
    const entry = slot.get(service) ?? { service, requestsPerMinute: 0, p95Ms: null, errors: 0 }
    slot.set(service, entry)
    return entry
  }
  for (const series of perMinute)
    for (const [t, v] of series.values) at_(t, series.metric.service ?? 'unknown').requestsPerMinute = Math.round(finite(v) * 10) / 10
  for (const series of p95)
    for (const [t, v] of series.values) at_(t, series.metric.service ?? 'unknown').p95Ms = Number.isFinite(Number(v)) ? Math.round(Number(v)) : null
  for (const series of failures) for (const [t, v] of series.values) at_(t, series.metric.service ?? 'unknown').errors = Math.round(finite(v))
  return {
    avgResponseTime: requests ? Math.round((seconds / requests) * 1000 * 10) / 10 : 0,
    errorRate: requests ? Math.round((errors / requests) * 100 * 100) / 100 : 0,
    slowRequests: Math.max(0, Math.round(requests - fast)),
    history: [...points.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([t, services]) => ({
        timestamp: new Date(t * 1000).toISOString(),
        services: [...services.values()].sort((a, b) => a.service.localeCompare(b.service)),
      })),
  }
}

/** Prometheus when configured (the stored samples if it does not answer), else the stored samples. */
export async function performanceFigures(deps: Deps, now = new Date()): Promise<PerformanceFigures> {
  const base = deps.env.PROMETHEUS_URL
  if (base) {
    try {
      return await prometheusFigures(base, deps.env.MONITORING_SAMPLE_SECONDS, now)
    } catch (err) {
      deps.logger.warn({ err }, 'Prometheus did not answer; monitoring figures from admin’s own samples')
    }
  }
  return storedFigures(deps, now)
}
