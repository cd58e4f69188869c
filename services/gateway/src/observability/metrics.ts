import type { ServerResponse } from 'node:http'
import { createMetrics, type Metrics } from '@plumbline/service-kit'
import type { RequestHandler } from 'express'
import type { Counter, Histogram } from 'prom-client'

/** Where a request's route pattern is recorded once known (express's res.locals, or the /api call). */
export type Labelled = { route?: string }

export type GatewayMetrics = Metrics & {
  /** Counts the request and its duration once its answer is sent, under the route `labelled` names by then. */
  track: (method: string, res: ServerResponse, labelled: Labelled) => void
}

/**
 * The kit's RED metrics (same names and labels as every service, so one dashboard fits all),
 * labelled with the route-table pattern: the gateway has no express routes of its own for
 * /api, and raw paths would explode label cardinality.
 */
export function createGatewayMetrics(): GatewayMetrics {
  const { registry } = createMetrics('gateway')
  const requests = registry.getSingleMetric('http_requests_total') as Counter<'method' | 'route' | 'status'>
  const duration = registry.getSingleMetric('http_request_duration_seconds') as Histogram<'method' | 'route' | 'status'>
  const track: GatewayMetrics['track'] = (method, res, labelled) => {
    const start = process.hrtime.bigint()
    res.once('finish', () => {
      const labels = { method, route: labelled.route ?? 'unmatched', status: String(res.statusCode) }
      requests.inc(labels)
      duration.observe(labels, Number(process.hrtime.bigint() - start) / 1e9)
    })
  }
  const middleware: RequestHandler = (req, res, next) => {
    track(req.method, res, res.locals)
    next()
  }
  return { registry, middleware, track }
}
