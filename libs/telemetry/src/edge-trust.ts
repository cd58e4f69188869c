import {
  type Context,
  createContextKey,
  ROOT_CONTEXT,
  type SpanContext,
  type TextMapGetter,
  type TextMapPropagator,
  type TextMapSetter,
  trace,
} from '@opentelemetry/api'
import type { SpanProcessor } from '@opentelemetry/sdk-trace'

const CLIENT_TRACE = createContextKey('plumbline.client-trace')

/**
 * The gateway's propagator: a browser's traceparent (and baggage) is not trusted to choose our
 * trace id or force sampling, so extraction starts a new trace and only remembers the client's
 * span context, which linkClientTrace turns into a span link. Injection (towards the services)
 * is the ordinary W3C one, so the services continue the gateway's trace.
 */
export class EdgePropagator implements TextMapPropagator {
  constructor(private readonly inner: TextMapPropagator) {}

  inject(ctx: Context, carrier: unknown, setter: TextMapSetter): void {
    this.inner.inject(ctx, carrier, setter)
  }

  extract(ctx: Context, carrier: unknown, getter: TextMapGetter): Context {
    const client = trace.getSpanContext(this.inner.extract(ROOT_CONTEXT, carrier, getter))
    return client ? ctx.setValue(CLIENT_TRACE, client) : ctx
  }

  fields(): string[] {
    return this.inner.fields()
  }
}

/** Links a root span started for a request to the client's span it claimed as parent. */
export const linkClientTrace: SpanProcessor = {
  onStart(span, parentContext) {
    const client = parentContext.getValue(CLIENT_TRACE) as SpanContext | undefined
    if (client && !trace.getSpanContext(parentContext)) span.addLink({ context: client, attributes: { 'plumbline.link': 'client-traceparent' } })
  },
  onEnd() {},
  forceFlush: async () => {},
  shutdown: async () => {},
}
