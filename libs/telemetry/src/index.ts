import { register } from 'node:module'
import { context, propagation, trace } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core'
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { registerInstrumentations } from '@opentelemetry/instrumentation'
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express'
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http'
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg'
import { detectResources, envDetector, hostDetector, processDetector, resourceFromAttributes } from '@opentelemetry/resources'
import { BatchSpanProcessor, ParentBasedSampler, type Sampler, type SpanProcessor, TraceIdRatioBasedSampler, TracerProvider } from '@opentelemetry/sdk-trace'
import { EdgePropagator, linkClientTrace } from './edge-trust.js'

let stop: (() => Promise<void>) | undefined

/**
 * Starts OpenTelemetry once per process, when there is somewhere to send spans (an OTLP
 * endpoint: the collector in deploy/). Without one nothing is started at all: unexported
 * spans are pure cost (docs/adr/0009), and an exporter
 * would retry a collector that is not there.
 *
 * Traces only, put together from the parts in use (the trace SDK, the OTLP/HTTP exporter, three
 * instrumentations) rather than the all-signals Node SDK, whose metrics and logs exporters (gRPC,
 * protobuf, Prometheus, Zipkin) nothing here uses: metrics are prom-client's, logs pino's.
 */
export type TelemetryOptions = {
  /** Where spans go; an OTLP exporter to the endpoint by default (tests pass an in-memory one). */
  spanProcessor?: SpanProcessor
  /** The public edge (the gateway): start a trace per request, linking a client's traceparent instead of joining it. */
  edge?: boolean
}

export function startTelemetry(serviceName: string, opts: TelemetryOptions = {}): void {
  if (stop || process.env.OTEL_SDK_DISABLED === 'true') return
  const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT
  if (!endpoint) return
  // The services are ES modules: require hooks never see their `import express`, so the
  // instrumentations also hook the ESM loader (import-in-the-middle), before express is imported.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url)
  const exporting = opts.spanProcessor ?? new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, '')}/v1/traces` }) })
  // service.name first; OTEL_RESOURCE_ATTRIBUTES, the host and the process add to it.
  const resource = resourceFromAttributes({ 'service.name': serviceName }).merge(detectResources({ detectors: [envDetector, hostDetector, processDetector] }))
  const provider = new TracerProvider({ resource, sampler: samplerFromEnv(), spanProcessors: opts.edge ? [linkClientTrace, exporting] : [exporting] })
  const contextManager = new AsyncLocalStorageContextManager().enable()
  const w3c = new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] })
  context.setGlobalContextManager(contextManager)
  propagation.setGlobalPropagator(opts.edge ? new EdgePropagator(new W3CTraceContextPropagator()) : w3c)
  trace.setGlobalTracerProvider(provider)
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      // Probes and scrapes arrive every few seconds and say nothing about users' requests.
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => isProbe(req.url) }),
      new ExpressInstrumentation(),
      // Only queries inside a traced request or job: the outbox relay's idle polling makes none.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  })
  stop = async () => {
    unregister()
    await provider.shutdown().catch(() => {})
    trace.disable()
    propagation.disable()
    context.disable()
  }
}

const PROBE_PATHS = /^\/(healthz|readyz|metrics)(\?|$)/

/** Liveness, readiness and metrics requests, which get no spans. */
export const isProbe = (url: string | undefined) => PROBE_PATHS.test(url ?? '')

/** New traces kept when OTEL_TRACES_SAMPLER_RATIO is unset: a tenth in production, all of them elsewhere. */
export const defaultSamplerRatio = (nodeEnv = process.env.NODE_ENV) => (nodeEnv === 'production' ? 0.1 : 1)

/**
 * Parent-based ratio sampling: a trace the caller sampled stays sampled (whole traces, never
 * halves), new traces are kept at OTEL_TRACES_SAMPLER_RATIO (0 to 1; default defaultSamplerRatio).
 */
export function samplerFromEnv(value = process.env.OTEL_TRACES_SAMPLER_RATIO, nodeEnv = process.env.NODE_ENV): Sampler {
  const fallback = defaultSamplerRatio(nodeEnv)
  const parsed = Number(value === undefined || value === '' ? fallback : value)
  const ratio = Number.isFinite(parsed) ? Math.min(1, Math.max(0, parsed)) : fallback
  return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) })
}

export async function stopTelemetry(): Promise<void> {
  await stop?.()
  stop = undefined
}

/** The active span's W3C traceparent, or a fresh one, for logs and outgoing headers. */
export function currentTraceparent(): string | undefined {
  const carrier: Record<string, string> = {}
  propagation.inject(context.active(), carrier)
  return carrier.traceparent
}

export function currentTraceId(): string | undefined {
  return trace.getSpanContext(context.active())?.traceId
}

/** The active span's trace and span ids, for log lines (empty outside a trace). */
export function currentLogIds(): { traceId?: string; spanId?: string } {
  const sc = trace.getSpanContext(context.active())
  return sc ? { traceId: sc.traceId, spanId: sc.spanId } : {}
}
