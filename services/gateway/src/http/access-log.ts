import type { Logger } from '@plumbline/service-kit'
import type { RequestHandler } from 'express'

const QUIET = new Set(['/healthz', '/readyz', '/metrics'])

/** One line per request, with the route pattern rather than the raw path (no ids or tokens in logs). */
export function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    // Below info (LOG_LEVEL=warn) no line is written: skip the per-request listener altogether.
    if (!logger.isLevelEnabled('info')) return next()
    const start = performance.now()
    res.on('finish', () => {
      if (QUIET.has(req.path)) return
      const ms = Math.round((performance.now() - start) * 10) / 10
      logger.info({ method: req.method, route: res.locals.route ?? 'other', status: res.statusCode, ms, requestId: res.locals.requestId }, 'request')
    })
    next()
  }
}
