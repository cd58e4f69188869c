import { healthSubject, MONITORED_SERVICES, type MonitoredService, type ServiceHealthReport, ZServiceHealthReport } from '@plumbline/contracts'
import { type Bus, request } from '@plumbline/messaging'

/** How long a service may take to say how it is; a slower one counts as not answering. */
export const SERVICE_HEALTH_TIMEOUT_MS = 1500

export type ServiceReport =
  | { service: MonitoredService; ok: true; report: ServiceHealthReport; responseTime: number }
  | { service: MonitoredService; ok: false; error: string; responseTime: number }

/** Asks every service for its health report over NATS, all at once. */
export function collectServiceReports(bus: Bus): Promise<ServiceReport[]> {
  return Promise.all(
    MONITORED_SERVICES.map(async (service): Promise<ServiceReport> => {
      const started = performance.now()
      const elapsed = () => Math.round(performance.now() - started)
      try {
        const report = await request(bus, healthSubject(service), undefined, { schema: ZServiceHealthReport, timeoutMs: SERVICE_HEALTH_TIMEOUT_MS })
        return { service, ok: true, report, responseTime: elapsed() }
      } catch (err) {
        return { service, ok: false, error: err instanceof Error ? err.message : String(err), responseTime: elapsed() }
      }
    }),
  )
}
