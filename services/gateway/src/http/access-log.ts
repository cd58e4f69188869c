import type { ServerResponse } from 'node:http'
import type { Logger } from '@plumbline/service-kit'
import type { RequestHandler } from 'express'
import type { Labelled } from '../observability/metrics.js'

const QUIET = new Set(['/healthz', '/readyz', '/metrics'])

export type AccessLog = (method: string, path: string, res: ServerResponse, labelled: Labelled & { requestId: string }) => void

/** One line per request, with the route pattern rather than the raw path (no ids or tokens in logs). */
export function createAccessLog(logger: Logger): AccessLog {
  return (method, path, res, labelled) => {
    // Below info (LOG_LEVEL=warn) no line is written: skip the per-request listener altogether.
    if (!logger.isLevelEnabled('info') || QUIET.has(path)) return
    const start = performance.now()
    res.once('finish', () => {
      const ms = Math.round((performance.now() - start) * 10) / 10
      logger.info({ method, route: labelled.route ?? 'other', status: res.statusCode, ms, requestId: labelled.requestId }, 'request')
    })
  }
}

/** The access log for the pages and files express serves (after requestContext). */
export function accessLog(log: AccessLog): RequestHandler {
  return (req, res, next) => {
    log(req.method, req.path, res, res.locals as Labelled & { requestId: string })
    next()
  }
}
