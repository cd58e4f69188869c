import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { REQUEST_ID_HEADER } from '@plumbline/contracts'
import { currentTraceparent } from '@plumbline/telemetry'
import type { RequestHandler } from 'express'
import { headerOf } from '../core/incoming.js'

const SAFE_REQUEST_ID = /^[\w.-]{1,128}$/
const TRACEPARENT = /^[\da-f]{2}-[\da-f]{32}-[\da-f]{16}-[\da-f]{2}$/

const hex = (uuid: string) => uuid.replace(/-/g, '')
// Ids from randomUUID: it draws from a buffered pool, where randomBytes makes a system call per
// request (docs/adr/0003). A v4 UUID's 122 random bits are plenty for a trace or span id; a fresh
// request id doubles as the trace id (one id to quote from a browser's console).
const traceparentFrom = (traceUuid: string) => `00-${hex(traceUuid)}-${hex(randomUUID()).slice(0, 16)}-01`

export type RequestContext = { requestId: string; traceparent: string }

/**
 * Gives every request an id (kept when the caller sent a sane one, so a client can correlate)
 * and a W3C traceparent, both echoed to the browser and forwarded to services.
 */
export function beginRequest(req: IncomingMessage, res: ServerResponse): RequestContext {
  const fresh = randomUUID()
  const incomingId = headerOf(req, REQUEST_ID_HEADER)
  const requestId = incomingId && SAFE_REQUEST_ID.test(incomingId) ? incomingId : fresh
  const incomingTrace = headerOf(req, 'traceparent')
  const traceparent = incomingTrace && TRACEPARENT.test(incomingTrace) ? incomingTrace : (currentTraceparent() ?? traceparentFrom(fresh))
  res.setHeader(REQUEST_ID_HEADER, requestId)
  return { requestId, traceparent }
}

/** beginRequest for the pages and files express serves; the ids wait in res.locals. */
export const requestContext: RequestHandler = (req, res, next) => {
  Object.assign(res.locals, beginRequest(req, res))
  next()
}
