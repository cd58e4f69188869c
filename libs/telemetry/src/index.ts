import { register } from 'node:module'
import { context, propagation, trace } from '@opentelemetry/api'
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express'
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http'
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg'
import { core, NodeSDK, tracing } from '@opentelemetry/sdk-node'
import { EdgePropagator, linkClientTrace } from './edge-trust.js'

let sdk: NodeSDK | undefined

/**
 * Starts OpenTelemetry once per process, when there is somewhere to send spans (an OTLP
 * endpoint: the collector in deploy/). Without one the SDK is not started at all: unexported
 * spans are pure cost (measured ~0.9 ms per request across the gateway hop), and the SDK's
 * default exporter would retry a collector that is not there.
 */
export type TelemetryOptions = {
  /** Where spans go; an OTLP exporter to the endpoint by default (tests pass an in-memory one). */
  spanProcessor?: tracing.SpanProcessor
  /** The public edge (the gateway): start a trace per request, linking a client's traceparent instead of joining it. */
  edge?: boolean
}

export function startTelemetry(serviceName: string, opts: TelemetryOptions = {}): void {
  if (sdk || process.env.OTEL_SDK_DISABLED === 'true') return
  const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT
  if (!endpoint) return
  // The services are ES modules: require hooks never see their `import express`, so the
  // instrumentations also hook the ESM loader (import-in-the-middle), before express is imported.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url)
  const exporting = opts.spanProcessor ?? new tracing.BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, '')}/v1/traces` }))
  sdk = new NodeSDK({
    serviceName,
    spanProcessors: opts.edge ? [linkClientTrace, exporting] : [exporting],
    ...(opts.edge ? { textMapPropagator: new EdgePropagator(new core.W3CTraceContextPropagator()) } : {}),
    sampler: samplerFromEnv(),
    instrumentations: [
      // Probes and scrapes arrive every few seconds and say nothing about users' requests.
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => isProbe(req.url) }),
      new ExpressInstrumentation(),
      // Only queries inside a traced request or job: the outbox relay's idle polling makes none.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  })
  sdk.start()
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
export function samplerFromEnv(value = process.env.OTEL_TRACES_SAMPLER_RATIO, nodeEnv = process.env.NODE_ENV): tracing.Sampler {
  const fallback = defaultSamplerRatio(nodeEnv)
  const parsed = Number(value === undefined || value === '' ? fallback : value)
  const ratio = Number.isFinite(parsed) ? Math.min(1, Math.max(0, parsed)) : fallback
  return new tracing.ParentBasedSampler({ root: new tracing.TraceIdRatioBasedSampler(ratio) })
}

export async function stopTelemetry(): Promise<void> {
  await sdk?.shutdown().catch(() => {})
  sdk = undefined
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
