import { type Msg, headers as natsHeaders } from '@nats-io/transport-node'
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'
import { ErrorCode } from '@plumbline/contracts'
import type { ZodType } from 'zod'
import { type CodedError, codedError, errorCodeOf } from './coded-error.js'
import type { Bus } from './connect-bus.js'
import { headersToRecord } from './nats-headers.js'
import { contextFromHeaders, traceHeaders } from './trace-context.js'

/**
 * Request/reply over core NATS, for answers needed now (DESIGN §4): quota checks, data for a
 * PDF. Wire format, JSON both ways: the request body is the data; the reply is `{ data }` on
 * success or `{ error: { code, message } }`, which `request` turns back into a thrown error.
 */
export type ReplyBody<T = unknown> = { data: T } | { error: { code: string; message: string } }

export type Replier = { stop(): Promise<void> }

const tracer = () => trace.getTracer('@plumbline/messaging')

/**
 * Answers requests on `subject`. All replicas join one queue group, so each request is handled
 * once; with `everyReplica` each replica answers (for `requestAll`: every replica's own report).
 * A thrown error's `code` (e.g. an ErrorCode) travels to the caller; errors without one become
 * INTERNAL. Input failing `schema` is answered with VALIDATION_FAILED.
 */
export function reply<I = unknown, O = unknown>(
  bus: Bus,
  subject: string,
  handler: (data: I) => Promise<O>,
  schema?: ZodType<I>,
  opts: { everyReplica?: boolean } = {},
): Replier {
  const wire = bus.subject(subject)
  const answer = async (msg: Msg): Promise<void> => {
    let body: ReplyBody<O>
    const parent = contextFromHeaders(headersToRecord(msg.headers))
    await tracer().startActiveSpan(`reply ${subject}`, { kind: SpanKind.SERVER }, parent, async (span) => {
      try {
        const raw: unknown = msg.data.length === 0 ? undefined : JSON.parse(new TextDecoder().decode(msg.data))
        let input: I
        if (schema) {
          const parsed = schema.safeParse(raw)
          if (!parsed.success) throw codedError(ErrorCode.VALIDATION_FAILED, parsed.error.message)
          input = parsed.data
        } else {
          input = raw as I
        }
        body = { data: await handler(input) }
      } catch (err) {
        const code = err instanceof SyntaxError ? ErrorCode.VALIDATION_FAILED : (errorCodeOf(err) ?? ErrorCode.INTERNAL)
        const message = err instanceof Error ? err.message : String(err)
        if (code === ErrorCode.INTERNAL) bus.logger.error({ err, subject }, 'request handler failed')
        span.setStatus({ code: SpanStatusCode.ERROR, message })
        body = { error: { code, message } }
      } finally {
        span.end()
      }
      if (msg.reply) msg.respond(JSON.stringify(body))
    })
  }
  const sub = bus.nc.subscribe(wire, {
    ...(opts.everyReplica ? {} : { queue: wire }),
    callback: (err, msg) => {
      if (err) {
        bus.logger.error({ err, subject }, 'reply subscription failed')
        return
      }
      void answer(msg).catch((e: unknown) => bus.logger.error({ err: e, subject }, 'reply failed'))
    },
  })
  return {
    async stop() {
      // drain lets requests already received finish answering.
      await sub.drain()
    },
  }
}

function replyBodyOf(msg: Msg, subject: string): ReplyBody {
  try {
    const body = JSON.parse(new TextDecoder().decode(msg.data)) as Partial<{ data: unknown; error: { code: string; message: string } }> | null
    // `{ data: undefined }` travels as `{}`: a handler that answered nothing.
    if (body && typeof body === 'object') return body.error ? { error: body.error } : { data: body.data }
  } catch {
    // reported below as an unreadable reply
  }
  throw codedError(ErrorCode.INVALID_REPLY, `reply to ${subject} is not a reply body`)
}

export type RequestOptions<T> = {
  /** The reply's contract: answers are parsed with it, so callers only ever see valid data. */
  schema: ZodType<T>
  timeoutMs?: number
}

/**
 * Sends a request and resolves to the replier's data, parsed by `schema`. Rejects with the
 * replier's error (`.code` kept); with SERVICE_UNAVAILABLE when nobody answers in time (no
 * replier subscribed, NATS unreachable, or too slow); with INVALID_REPLY when the answer is not
 * JSON or does not match `schema` (the issues are in the message).
 */
export async function request<T>(bus: Bus, subject: string, data: unknown, { schema, timeoutMs = 2000 }: RequestOptions<T>): Promise<T> {
  return tracer().startActiveSpan(`request ${subject}`, { kind: SpanKind.CLIENT }, async (span) => {
    try {
      const h = natsHeaders()
      for (const [k, v] of Object.entries(traceHeaders(context.active()))) h.set(k, v)
      let msg: Msg
      try {
        msg = await bus.nc.request(bus.subject(subject), data === undefined ? '' : JSON.stringify(data), {
          timeout: timeoutMs,
          headers: h,
        })
      } catch (err) {
        throw codedError(
          ErrorCode.SERVICE_UNAVAILABLE,
          `no reply to ${subject} within ${timeoutMs} ms: ${err instanceof Error ? err.message : String(err)}`,
          err,
        )
      }
      const body = replyBodyOf(msg, subject)
      if ('error' in body) throw codedError(body.error.code, body.error.message)
      const parsed = schema.safeParse(body.data)
      if (!parsed.success) throw codedError(ErrorCode.INVALID_REPLY, `reply to ${subject} does not match its contract: ${parsed.error.message}`)
      return parsed.data
    } catch (err) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message })
      throw err as CodedError
    } finally {
      span.end()
    }
  })
}

/**
 * Sends one request that every replica answers (repliers started with `everyReplica`) and
 * collects the answers that arrive within `timeoutMs`, stopping early once `stallMs` pass without
 * another. Each answer is parsed by `schema`; an error reply or an invalid one is left out. Resolves
 * to an empty list when nobody answers.
 */
export async function requestAll<T>(
  bus: Bus,
  subject: string,
  data: unknown,
  { schema, timeoutMs = 2000, stallMs = 200 }: RequestOptions<T> & { stallMs?: number },
): Promise<T[]> {
  const h = natsHeaders()
  for (const [k, v] of Object.entries(traceHeaders(context.active()))) h.set(k, v)
  const answers: T[] = []
  try {
    const replies = await bus.nc.requestMany(bus.subject(subject), data === undefined ? '' : JSON.stringify(data), {
      strategy: 'stall',
      maxWait: timeoutMs,
      stall: stallMs,
      headers: h,
    })
    for await (const msg of replies) {
      let body: ReplyBody
      try {
        body = replyBodyOf(msg, subject)
      } catch {
        continue
      }
      if ('error' in body) continue
      const parsed = schema.safeParse(body.data)
      if (parsed.success) answers.push(parsed.data)
    }
  } catch (err) {
    // No responders (or NATS unreachable): what arrived so far is the answer.
    bus.logger.debug({ err, subject }, 'requestAll ended early')
  }
  return answers
}
