import { createMetrics, type Metrics } from '@plumbline/service-kit'
import type { RequestHandler } from 'express'
import type { Counter, Histogram } from 'prom-client'

/**
 * The kit's RED metrics (same names and labels as every service, so one dashboard fits all),
 * labelled with the route-table pattern: the gateway has no express routes of its own for
 * /api, and raw paths would explode label cardinality.
 */
export function createGatewayMetrics(): Metrics {
  const { registry } = createMetrics('gateway')
  const requests = registry.getSingleMetric('http_requests_total') as Counter<'method' | 'route' | 'status'>
  const duration = registry.getSingleMetric('http_request_duration_seconds') as Histogram<'method' | 'route' | 'status'>
  const middleware: RequestHandler = (req, res, next) => {
    const start = process.hrtime.bigint()
    res.on('finish', () => {
      const labels = { method: req.method, route: (res.locals.route as string | undefined) ?? 'unmatched', status: String(res.statusCode) }
      requests.inc(labels)
      duration.observe(labels, Number(process.hrtime.bigint() - start) / 1e9)
    })
    next()
  }
  return { registry, middleware }
}
