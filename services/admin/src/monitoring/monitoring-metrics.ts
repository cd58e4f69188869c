import type { MonitoringMetrics } from '@plumbline/contracts'
import type { AdminDeps } from '../deps.js'
import { monthOf } from '../domain/month.js'
import { type MetricsHistory, uptimePercent } from './history.js'
import { databaseConnections } from './infra-checks.js'
import { listRecentErrors } from './recent-errors.js'
import { collectServiceReports, type ServiceReport } from './service-reports.js'

/** A user is active when they did something recorded in an activity feed in this window. */
export const ACTIVE_USER_DAYS = 30

/** This month's estimates and PDFs, active users and organisations, from admin's own tables. */
async function businessMetrics(deps: Pick<AdminDeps, 'prisma'>, now: Date): Promise<MonitoringMetrics['businessMetrics']> {
  const month = monthOf(now)
  const since = new Date(now.getTime() - ACTIVE_USER_DAYS * 86_400_000)
  const [estimatesCreated, pdfs, actors, totalOrganizations] = await Promise.all([
    deps.prisma.countedEstimate.count({ where: { created: true, createdMonth: month } }),
    deps.prisma.usageCounter.aggregate({ _sum: { count: true }, where: { kind: 'pdf', month } }),
    deps.prisma.activity.findMany({ where: { createdAt: { gte: since }, actorId: { not: null } }, distinct: ['actorId'], select: { actorId: true } }),
    deps.prisma.organization.count(),
  ])
  return { estimatesCreated, pdfsGenerated: pdfs._sum.count ?? 0, activeUsers: actors.length, totalOrganizations }
}

const sum = (reports: ServiceReport[], pick: (r: Extract<ServiceReport, { ok: true }>['report']) => number) =>
  reports.reduce((total, r) => total + (r.ok ? pick(r.report) : 0), 0)

/** Every service's prom-client RED totals since it started, added up. */
function performanceMetrics(reports: ServiceReport[], uptime: number): MonitoringMetrics['performanceMetrics'] {
  const requests = sum(reports, (r) => r.http.requests)
  const seconds = sum(reports, (r) => r.http.durationSecondsSum)
  const errors = sum(reports, (r) => r.http.serverErrors)
  return {
    avgResponseTime: requests ? Math.round((seconds / requests) * 1000 * 10) / 10 : 0,
    errorRate: requests ? Math.round((errors / requests) * 100 * 100) / 100 : 0,
    uptime,
    slowRequests: sum(reports, (r) => r.http.slowRequests),
  }
}

/** GET /health/metrics (spec 001 §3 Metrics). */
export async function getMonitoringMetrics(
  deps: Pick<AdminDeps, 'bus' | 'prisma' | 'redis' | 'env'> & { env: { TRACE_VIEWER_URL?: string } },
  history: MetricsHistory,
  now = new Date(),
): Promise<MonitoringMetrics> {
  const [reports, business, uptime, dbConnections, recentErrors] = await Promise.all([
    collectServiceReports(deps.bus),
    businessMetrics(deps, now),
    uptimePercent(deps, now),
    databaseConnections(deps),
    listRecentErrors(deps, now.getTime()),
  ])
  return {
    businessMetrics: business,
    performanceMetrics: performanceMetrics(reports, uptime),
    systemMetrics: {
      memoryUsage: sum(reports, (r) => r.memoryBytes),
      dbConnections,
      // Events and jobs waiting in every durable consumer (the AI job queue included).
      queueJobs: sum(reports, (r) => r.consumers.reduce((total, c) => total + c.pending + c.ackPending, 0)),
      externalApiCalls: sum(reports, (r) => r.externalApiCalls),
    },
    recentErrors,
    history: history.list(),
    traceViewerUrl: deps.env.TRACE_VIEWER_URL ?? null,
  }
}
