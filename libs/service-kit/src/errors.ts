import type { IncomingHttpHeaders } from 'node:http'
import { ErrorCode, type FieldError, type Problem } from '@plumbline/contracts'
import { traceIdOfTraceparent } from '@plumbline/messaging'
import { currentTraceId } from '@plumbline/telemetry'
import type { ErrorRequestHandler, RequestHandler } from 'express'
import { ZodError } from 'zod'
import type { Logger } from './logger.js'

/** The one error type use cases throw; the error handler turns it into problem+json. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message)
  }
}

export const notFound = (what = 'Resource') => new AppError(404, ErrorCode.NOT_FOUND, `${what} not found`)
export const badRequest = (message: string, errors?: FieldError[]) => new AppError(400, ErrorCode.VALIDATION_FAILED, message, errors)

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
}

export function problem(status: number, code: string, detail: string, extra: Partial<Problem> = {}): Problem {
  return {
    type: `https://plumbline.dev/problems/${code.toLowerCase().replace(/_/g, '-')}`,
    title: TITLES[status] ?? 'Error',
    status,
    code,
    detail,
    message: detail,
    ...extra,
  }
}

export function zodFieldErrors(error: ZodError): FieldError[] {
  return error.issues.map((i) => ({ field: i.path.join('.') || '(root)', message: i.message }))
}

/**
 * The id a person quotes from an error answer and finds under Recent Errors and in the logs: the
 * request's trace id (its span, else the traceparent the gateway forwarded), else its request id.
 */
export function correlationIdFor(headers: IncomingHttpHeaders | undefined, requestId: string | undefined): string | undefined {
  const traceparent = headers?.traceparent
  return currentTraceId() ?? traceIdOfTraceparent(typeof traceparent === 'string' ? traceparent : undefined) ?? requestId
}

export const correlationIdOf = (res: Parameters<RequestHandler>[1]): string | undefined =>
  correlationIdFor(res.req?.headers, res.locals.requestId as string | undefined)

export function sendProblem(res: Parameters<RequestHandler>[1], body: Problem, headers: Record<string, string> = {}): void {
  const traceId = correlationIdOf(res)
  res
    .status(body.status)
    .set(headers)
    .type('application/problem+json')
    .send(JSON.stringify({ ...body, traceId }))
}

export const notFoundHandler: RequestHandler = (req, res) => {
  sendProblem(res, problem(404, ErrorCode.NOT_FOUND, `No route for ${req.method} ${req.path}`))
}

/** PostgreSQL SQLSTATE 22003 numeric_value_out_of_range. */
const NUMERIC_OUT_OF_RANGE = '22003'
/** Prisma's "Value out of range for the type" (how its driver adapters report 22003). */
const PRISMA_OUT_OF_RANGE = 'P2020'

type DbErrorShape = { code?: unknown; meta?: { code?: unknown; driverAdapterError?: { cause?: { originalCode?: unknown } } }; cause?: unknown }

/**
 * Whether a database refused a number too large for its column, however it reached us: pg's
 * DatabaseError (code 22003), Prisma's known request error (P2020, or the SQLSTATE in its meta
 * for raw queries), or either wrapped as a cause. The contracts bound every number to its column
 * first; this is the net for whatever still slips through, so it answers 400, never 500.
 */
export function isNumericOutOfRange(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false
  const e = err as DbErrorShape
  if (e.code === NUMERIC_OUT_OF_RANGE || e.code === PRISMA_OUT_OF_RANGE) return true
  if (e.meta?.code === NUMERIC_OUT_OF_RANGE || e.meta?.driverAdapterError?.cause?.originalCode === NUMERIC_OUT_OF_RANGE) return true
  return isNumericOutOfRange(e.cause, depth + 1)
}

export const NUMBER_TOO_LARGE = 'A number is too large to be stored'

/**
 * Connection-level failures: the server refused, dropped or shut the connection, the pool could
 * not get one in time. SQLSTATE class 08 (connection exception), 57P01–57P03 (shutdown, cannot
 * connect now), socket errors, and Prisma's P1001/P1002/P1017/P2024 and adapter kinds.
 */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03', 'P1001', 'P1002', 'P1017', 'P2024'])
const UNAVAILABLE_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections'])
const UNAVAILABLE_MESSAGE =
  /Connection terminated|encountered a connection error|Connection is closed|connect ECONNREFUSED|Can't reach database server|server closed the connection|terminating connection due to administrator command|the database system is (starting up|shutting down)/i

type UnavailableShape = { code?: unknown; kind?: unknown; message?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } }

/** Whether PostgreSQL was unreachable (not whether a query was wrong): a retry later can succeed. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false
  const e = err as UnavailableShape
  if (typeof e.code === 'string' && (UNAVAILABLE_CODES.has(e.code) || e.code.startsWith('08'))) return true
  if (typeof e.kind === 'string' && UNAVAILABLE_KINDS.has(e.kind)) return true
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true
  return isDatabaseUnavailable(e.cause, depth + 1) || isDatabaseUnavailable(e.meta?.driverAdapterError, depth + 1)
}

/** Seconds a client should wait after a 503 for an unreachable database. */
export const DATABASE_RETRY_AFTER_SECONDS = 5
/** Told about every 5xx answer (unexpected failures and unavailable dependencies), with the route it happened on. */
export type ServerErrorListener = (failure: {
  err: unknown
  method: string
  endpoint: string
  /** The same id the answer's traceId carries (correlationIdOf). */
  correlationId: string | undefined
}) => void

/** What to answer for a failure, decided from the error alone: no request, no response, no side effects. */
export type ProblemAnswer = {
  status: number
  body: Problem
  headers: Record<string, string>
  /** A failure worth a log line (with the request's path and id). */
  log?: { level: 'warn' | 'error'; message: string }
  /** A 5xx the operators want under Recent Errors: what to tell the ServerErrorListener. */
  report?: unknown
}

const answer = (body: Problem, more: Partial<Omit<ProblemAnswer, 'status' | 'body'>> = {}): ProblemAnswer => ({
  status: body.status,
  body,
  headers: {},
  ...more,
})

/** Maps every failure to problem+json; 5xx never leak internals. */
export function problemFor(err: unknown): ProblemAnswer {
  if (err instanceof AppError) {
    // A deliberate 5xx (a dependency down, the gateway's upstream unreachable) is still a failure
    // the operators want under Recent Errors; the person who met it sees only the generic text.
    const body = problem(err.status, err.code, err.message, err.errors ? { errors: err.errors } : {})
    return answer(body, { headers: err.headers ?? {}, report: err.status >= 500 ? err : undefined })
  }
  if (err instanceof ZodError) {
    const errors = zodFieldErrors(err)
    return answer(problem(400, ErrorCode.VALIDATION_FAILED, errors.map((e) => `${e.field}: ${e.message}`).join('; '), { errors }))
  }
  const type = (err as { type?: string } | null | undefined)?.type
  if (type === 'entity.too.large') return answer(problem(413, ErrorCode.PAYLOAD_TOO_LARGE, 'Request body is too large'))
  if (type === 'entity.parse.failed')
    return answer(problem(400, ErrorCode.VALIDATION_FAILED, 'Request body is not valid JSON', { errors: [{ field: 'body', message: 'Invalid JSON' }] }))
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') return answer(problem(415, ErrorCode.VALIDATION_FAILED, 'Unsupported body encoding'))
  if (isNumericOutOfRange(err))
    return answer(problem(400, ErrorCode.VALIDATION_FAILED, NUMBER_TOO_LARGE, { errors: [{ field: 'body', message: NUMBER_TOO_LARGE }] }), {
      log: { level: 'warn', message: 'numeric value out of range reached the database' },
    })
  if (isDatabaseUnavailable(err))
    return answer(problem(503, ErrorCode.SERVICE_UNAVAILABLE, 'The service is temporarily unavailable. Please try again shortly.'), {
      headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
      log: { level: 'warn', message: 'database unavailable' },
      report: new Error('database unavailable', { cause: err }),
    })
  const status = (err as { status?: number } | null | undefined)?.status
  if (typeof status === 'number' && status >= 400 && status < 500) return answer(problem(status, ErrorCode.VALIDATION_FAILED, 'Bad request'))
  return answer(problem(500, ErrorCode.INTERNAL, 'Something went wrong. Please try again.'), {
    log: { level: 'error', message: 'unhandled error' },
    report: err,
  })
}

/** The route template when express matched one (bounded, groupable), else the raw path. */
const endpointOf = (req: Parameters<ErrorRequestHandler>[1]) => `${req.method} ${req.route?.path ? `${req.baseUrl}${req.route.path}` : req.path}`

/** problemFor on express: logs, reports and sends what it decided. */
export function errorHandler(logger: Logger, onServerError?: ServerErrorListener): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) return
    const { body, headers, log, report } = problemFor(err)
    if (log) logger[log.level]({ err, path: req.path, requestId: res.locals.requestId }, log.message)
    if (report) onServerError?.({ err: report, method: req.method, endpoint: endpointOf(req), correlationId: correlationIdOf(res) })
    sendProblem(res, body, headers)
  }
}
