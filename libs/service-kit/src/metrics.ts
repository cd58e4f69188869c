import type { RequestHandler } from 'express'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'

export type Metrics = { registry: Registry; middleware: RequestHandler }

/**
 * Calls to paid third-party APIs (the OpenAI-compatible provider); one per process, registered
 * in the service's registry by createMetrics so /metrics and the health report both show it.
 */
export const externalApiCalls = new Counter({
  name: 'external_api_calls_total',
  help: 'Calls to third-party APIs',
  labelNames: ['provider', 'outcome'],
  registers: [],
})

/**
 * How long long-running jobs take (AI generation, transcription), by job and outcome (done,
 * busy, released, error); observed by the workers (libs/messaging startJobConsumer's `observe`).
 */
export const jobDurations = new Histogram({
  name: 'job_duration_seconds',
  help: 'Duration of one delivery of a long-running job',
  labelNames: ['job', 'outcome'],
  buckets: [0.1, 0.5, 1, 5, 15, 30, 60, 120, 300, 900, 1800],
  registers: [],
})

export const DB_POOL_METRIC = 'db_pool_connections'

/** The PostgreSQL pool's connections by state (total, idle, waiting), read at scrape time. */
export function registerPoolMetrics(registry: Registry, stats: () => { total: number; idle: number; waiting: number }): void {
  new Gauge({
    name: DB_POOL_METRIC,
    help: 'PostgreSQL pool connections by state (waiting: queries queued for a connection)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const now = stats()
      for (const state of ['total', 'idle', 'waiting'] as const) this.set({ state }, now[state])
    },
  })
}

/** RED metrics per route template (never the raw path, to keep label cardinality bounded). */
export function createMetrics(service: string): Metrics {
  const registry = new Registry()
  registry.setDefaultLabels({ service })
  collectDefaultMetrics({ register: registry })
  registry.registerMetric(externalApiCalls)
  registry.registerMetric(jobDurations)
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests', labelNames: ['method', 'route', 'status'], registers: [registry] })
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  })
  const middleware: RequestHandler = (req, res, next) => {
    const start = process.hrtime.bigint()
    res.on('finish', () => {
      const route = req.route?.path ? `${req.baseUrl}${req.route.path}` : 'unmatched'
      const labels = { method: req.method, route, status: String(res.statusCode) }
      requests.inc(labels)
      duration.observe(labels, Number(process.hrtime.bigint() - start) / 1e9)
    })
    next()
  }
  return { registry, middleware }
}
