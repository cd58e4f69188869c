import type { AdminDeps } from '../deps.js'
import { recordSamples, recordUptime } from './history.js'
import { collectServiceReports } from './service-reports.js'

/** Samples every replica of every service on an interval: the stored history and the uptime counters. */
export function startMetricsSampler(deps: Pick<AdminDeps, 'bus' | 'prisma' | 'logger'>, intervalMs: number) {
  const sample = async () => {
    const reports = await collectServiceReports(deps.bus)
    const now = new Date()
    await recordSamples(deps, reports, now)
    await recordUptime(deps, reports, now)
  }
  const run = () => void sample().catch((err: unknown) => deps.logger.warn({ err }, 'monitoring sample failed'))
  run()
  const timer = setInterval(run, intervalMs)
  timer.unref()
  return { stop: async () => clearInterval(timer) }
}
