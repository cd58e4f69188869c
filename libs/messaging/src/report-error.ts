import { randomUUID } from 'node:crypto'
import { type ErrorReportedV1, OpsSubjects } from '@plumbline/contracts'
import type { Bus } from './connect-bus.js'

export type ErrorReport = Omit<ErrorReportedV1, 'id' | 'timestamp'>

/**
 * Tells the admin service about a 5xx answer or a failed job (one notification path for
 * every service's failures). Core NATS, fire-and-forget: monitoring must never make the failing
 * path fail harder, so a closed connection is ignored.
 */
export function reportError(bus: Bus, report: ErrorReport): void {
  const event: ErrorReportedV1 = { ...report, message: report.message.slice(0, 500), id: randomUUID(), timestamp: new Date().toISOString() }
  try {
    bus.nc.publish(bus.subject(OpsSubjects.errorReported), JSON.stringify(event))
  } catch {
    // the connection is closing; the log line already records the failure
  }
}
