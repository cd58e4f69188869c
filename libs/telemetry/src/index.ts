import { context, propagation, trace } from '@opentelemetry/api'
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express'
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http'
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg'
import { NodeSDK } from '@opentelemetry/sdk-node'

let sdk: NodeSDK | undefined

/**
 * Starts OpenTelemetry once per process, when there is somewhere to send spans (an OTLP
 * endpoint: the collector in deploy/). Without one the SDK is not started at all: unexported
 * spans are pure cost (measured ~0.9 ms per request across the gateway hop), and the SDK's
 * default exporter would retry a collector that is not there.
 */
export function startTelemetry(serviceName: string): void {
  if (sdk || process.env.OTEL_SDK_DISABLED === 'true') return
  const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT
  if (!endpoint) return
  sdk = new NodeSDK({
    serviceName,
    traceExporter: new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, '')}/v1/traces` }),
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
