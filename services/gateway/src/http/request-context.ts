import { randomUUID } from 'node:crypto'
import { REQUEST_ID_HEADER } from '@plumbline/contracts'
import { currentTraceparent } from '@plumbline/telemetry'
import type { RequestHandler } from 'express'

const SAFE_REQUEST_ID = /^[\w.-]{1,128}$/
const TRACEPARENT = /^[\da-f]{2}-[\da-f]{32}-[\da-f]{16}-[\da-f]{2}$/

const hex = (uuid: string) => uuid.replace(/-/g, '')
// Ids from randomUUID: it draws from a buffered pool, where randomBytes makes a system call per
// request (~35 µs here). A v4 UUID's 122 random bits are plenty for a trace or span id.
const freshTraceparent = () => `00-${hex(randomUUID())}-${hex(randomUUID()).slice(0, 16)}-01`

/**
 * Gives every request an id (kept when the caller sent a sane one, so a client can correlate)
 * and a W3C traceparent, both echoed to the browser and forwarded to services.
 */
export const requestContext: RequestHandler = (req, res, next) => {
  const incomingId = req.get(REQUEST_ID_HEADER)
  res.locals.requestId = incomingId && SAFE_REQUEST_ID.test(incomingId) ? incomingId : randomUUID()
  const incomingTrace = req.get('traceparent')
  res.locals.traceparent = incomingTrace && TRACEPARENT.test(incomingTrace) ? incomingTrace : (currentTraceparent() ?? freshTraceparent())
  res.setHeader(REQUEST_ID_HEADER, res.locals.requestId)
  next()
}
