import { createHash, randomUUID } from 'node:crypto'
import { REQUEST_ID_HEADER } from '@plumbline/contracts'
import express, { type Express, type RequestHandler } from 'express'
import { guardBody } from './body-guard.js'
import { errorHandler, notFoundHandler, type ServerErrorListener } from './errors.js'
import { healthRouter, type ReadinessCheck } from './health.js'
import { type IdentityVerifier, identityMiddleware } from './identity.js'
import type { Logger } from './logger.js'
import type { Metrics } from './metrics.js'

export type ServiceAppOptions = {
  name: string
  logger: Logger
  metrics: Metrics
  readiness: ReadinessCheck[]
  /** Checks the gateway's identity token (identityVerifier over the service's public keys). */
  verifyIdentity: IdentityVerifier
  bodyLimit?: string
  /** Told about every 500 (the runtime reports them to the admin service's monitoring). */
  onServerError?: ServerErrorListener
  /** Mounts the service's routers; runs after the common middleware, before 404/error handling. */
  routes: (app: Express) => void
}

const requestId: RequestHandler = (req, res, next) => {
  const incoming = req.header(REQUEST_ID_HEADER)
  const id = incoming && /^[\w.-]{1,128}$/.test(incoming) ? incoming : randomUUID()
  res.locals.requestId = id
  res.setHeader(REQUEST_ID_HEADER, id)
  next()
}

// A share token in a path is a bearer credential for a client's estimate.
const SHARE_TOKEN_IN_PATH = /(\/public\/estimates\/)([^/]+)/

/** The path as the access log records it: a share token becomes a short hash (enough to correlate requests, useless as a link). */
export function pathForLog(path: string): string {
  return path.replace(SHARE_TOKEN_IN_PATH, (_m, prefix: string, token: string) => `${prefix}#${createHash('sha256').update(token).digest('hex').slice(0, 12)}`)
}

function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const start = performance.now()
    res.on('finish', () => {
      if (req.path === '/healthz' || req.path === '/readyz' || req.path === '/metrics') return
      logger.info(
        {
          method: req.method,
          path: pathForLog(req.path),
          status: res.statusCode,
          ms: Math.round((performance.now() - start) * 10) / 10,
          requestId: res.locals.requestId,
        },
        'request',
      )
    })
    next()
  }
}

/** Builds (never listens) a service's express app with the house middleware in the house order. */
export function createServiceApp(options: ServiceAppOptions): Express {
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', 'loopback')
  app.set('query parser', 'simple')
  app.use(requestId)
  app.use(options.metrics.middleware)
  app.use(accessLog(options.logger))
  app.use(healthRouter(options.readiness))
  app.get('/metrics', async (_req, res) => {
    res.type(options.metrics.registry.contentType).send(await options.metrics.registry.metrics())
  })
  app.use(express.json({ limit: options.bodyLimit ?? '100kb', strict: false }))
  app.use(guardBody)
  app.use(identityMiddleware(options.verifyIdentity))
  options.routes(app)
  app.use(notFoundHandler)
  app.use(errorHandler(options.logger, options.onServerError))
  return app
}
