import { context, propagation, trace } from '@opentelemetry/api'
import { NodeSDK } from '@opentelemetry/sdk-node'
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http'
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express'
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg'

let sdk: NodeSDK | undefined

/**
 * Starts OpenTelemetry once per process. Spans are exported only when an OTLP endpoint is
 * configured (Grafana/Tempo in deploy/); without one the SDK still installs the context manager
 * and W3C propagator, so traceparent flows through HTTP and NATS headers either way.
 */
export function startTelemetry(serviceName: string): void {
  if (sdk || process.env.OTEL_SDK_DISABLED === 'true') return
  const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT
  sdk = new NodeSDK({
    serviceName,
    traceExporter: endpoint ? new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, '')}/v1/traces` }) : undefined,
    instrumentations: [new HttpInstrumentation(), new ExpressInstrumentation(), new PgInstrumentation()],
  })
  sdk.start()
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
