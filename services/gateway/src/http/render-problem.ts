import type { IncomingMessage, ServerResponse } from 'node:http'
import { correlationIdFor, type Logger, problemFor, type ServerErrorListener } from '@plumbline/service-kit'
import type { RequestContext } from './request-context.js'

/** Answers a refused or failed /api request as problem+json. */
export type ErrorRenderer = (err: unknown, req: IncomingMessage, res: ServerResponse, call: RequestContext & { method: string; path: string }) => void

/**
 * The kit's problemFor on node:http: the same answer, log line and report as every service's
 * express error handler gives, written as express's res.send would write it.
 */
export function problemRenderer(logger: Logger, onServerError?: ServerErrorListener): ErrorRenderer {
  return (err, req, res, { requestId, method, path }) => {
    if (res.headersSent) return
    try {
      const { status, body, headers, log, report } = problemFor(err)
      const correlationId = correlationIdFor(req.headers, requestId)
      if (log) logger[log.level]({ err, path, requestId }, log.message)
      if (report) onServerError?.({ err: report, method, endpoint: `${method} ${path}`, correlationId })
      const json = JSON.stringify({ ...body, traceId: correlationId })
      res.statusCode = status
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
      res.setHeader('Content-Type', 'application/problem+json; charset=utf-8')
      res.setHeader('Content-Length', Buffer.byteLength(json))
      res.end(method === 'HEAD' ? undefined : json)
    } catch (renderFailure) {
      // Never let one broken answer end the process.
      logger.error({ err: renderFailure, requestId }, 'error answer failed')
      res.destroy()
    }
  }
}
