import { type Bus, reportError } from '@plumbline/messaging'
import { currentTraceId } from '@plumbline/telemetry'
import type { ServerErrorListener } from './errors.js'

/**
 * Reports a service's 5xx answers to the admin service (OpsSubjects.errorReported) under the same
 * correlation id the answer's traceId shows the person who met it (errors.ts correlationIdOf):
 * the trace id, else the request id.
 */
export function serverErrorReporter(bus: Bus, service: string): ServerErrorListener {
  return ({ err, endpoint, correlationId }) =>
    reportError(bus, {
      service,
      category: 'http',
      message: operatorMessage(err),
      endpoint,
      correlationId: correlationId ?? 'unknown',
    })
}

/** Reports a job that failed for good (the user sees it failed) to the admin service's monitoring. */
export function reportJobFailure(bus: Bus, service: string, failure: { job: string; message: string; jobId: string }): void {
  reportError(bus, { service, category: 'job', message: failure.message, endpoint: failure.job, correlationId: currentTraceId() ?? failure.jobId })
}

/** The error's message and, for operators only, what caused it ("… (meetings: ECONNREFUSED)"). */
function operatorMessage(err: unknown): string {
  if (!(err instanceof Error)) return String(err)
  const cause = err.cause instanceof Error ? err.cause.message : typeof err.cause === 'string' ? err.cause : ''
  return cause ? `${err.message} (${cause})` : err.message
}
