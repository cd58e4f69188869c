import { type Bus, reportError, traceIdOfTraceparent } from '@plumbline/messaging'
import { currentTraceId } from '@plumbline/telemetry'
import type { ServerErrorListener } from './errors.js'

/**
 * Reports a service's 500s to the admin service (OpsSubjects.errorReported). The correlation id
 * is the trace id (the active span's, else the caller's traceparent) so an error links to its
 * trace; without any trace, the request id that the problem body and the log line also carry.
 */
export function serverErrorReporter(bus: Bus, service: string): ServerErrorListener {
  return ({ err, endpoint, requestId, traceparent }) =>
    reportError(bus, {
      service,
      category: 'http',
      message: err instanceof Error ? err.message : String(err),
      endpoint,
      correlationId: currentTraceId() ?? traceIdOfTraceparent(traceparent) ?? requestId ?? 'unknown',
    })
}

/** Reports a job that failed for good (the user sees it failed) to the admin service's monitoring. */
export function reportJobFailure(bus: Bus, service: string, failure: { job: string; message: string; jobId: string }): void {
  reportError(bus, { service, category: 'job', message: failure.message, endpoint: failure.job, correlationId: currentTraceId() ?? failure.jobId })
}
