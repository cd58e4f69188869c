import { type Context, context, createTraceState, isSpanContextValid, propagation, ROOT_CONTEXT, type SpanContext, TraceFlags, trace } from '@opentelemetry/api'

/**
 * NATS has no OpenTelemetry auto-instrumentation, so trace context is carried by hand in
 * W3C `traceparent`/`tracestate` headers. The globally registered propagator is used when
 * there is one (the telemetry lib registers W3C trace context + baggage); without an SDK the
 * global propagator is a no-op, so these fall back to formatting/parsing `traceparent`
 * directly. That keeps the headers flowing in tests and in processes without telemetry.
 */

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/

/** Trace headers (`traceparent`, maybe `tracestate`, `baggage`) for the given context. */
export function traceHeaders(ctx: Context = context.active()): Record<string, string> {
  const carrier: Record<string, string> = {}
  propagation.inject(ctx, carrier)
  if (carrier.traceparent === undefined) {
    const sc = trace.getSpanContext(ctx)
    if (sc && isSpanContextValid(sc)) {
      const flags = (sc.traceFlags & 0xff).toString(16).padStart(2, '0')
      carrier.traceparent = `00-${sc.traceId}-${sc.spanId}-${flags}`
      const state = sc.traceState?.serialize()
      if (state) carrier.tracestate = state
    }
  }
  return carrier
}

/**
 * A context carrying the remote span described by `headers` (keys lower-case), on top of
 * `base`. Headers without a valid traceparent give `base` back unchanged.
 */
export function contextFromHeaders(headers: Record<string, string>, base: Context = ROOT_CONTEXT): Context {
  const extracted = propagation.extract(base, headers)
  if (trace.getSpanContext(extracted) !== trace.getSpanContext(base)) return extracted
  const sc = parseTraceparent(headers.traceparent, headers.tracestate)
  return sc ? trace.setSpanContext(base, sc) : base
}

export function parseTraceparent(traceparent: string | undefined, tracestate?: string): SpanContext | undefined {
  const m = traceparent === undefined ? null : TRACEPARENT.exec(traceparent.trim())
  if (!m) return undefined
  const [, version, traceId, spanId, flags, rest] = m
  // Version ff is forbidden; version 00 has no trailing fields.
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined
  const sc: SpanContext = {
    traceId,
    spanId,
    traceFlags: parseInt(flags, 16) & TraceFlags.SAMPLED,
    isRemote: true,
    traceState: tracestate ? createTraceState(tracestate) : undefined,
  }
  return isSpanContextValid(sc) ? sc : undefined
}

/** The trace id of a W3C traceparent (`00-<trace id>-<span id>-<flags>`), if it is one. */
export function traceIdOfTraceparent(traceparent: string | undefined): string | undefined {
  const match = traceparent?.match(/^[\da-f]{2}-([\da-f]{32})-[\da-f]{16}-[\da-f]{2}$/)
  return match?.[1]
}
