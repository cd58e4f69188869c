import type { MonitoringMetrics } from '@plumbline/contracts'
import type { AdminDeps } from '../deps.js'
import { monthOf } from '../domain/month.js'
import { uptimePercent } from './history.js'
import { databaseConnections } from './infra-checks.js'
import { performanceFigures } from './performance-source.js'
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

/** GET /health/metrics (spec 001 §3 Metrics). */
export async function getMonitoringMetrics(deps: Pick<AdminDeps, 'bus' | 'prisma' | 'env' | 'logger'>, now = new Date()): Promise<MonitoringMetrics> {
  const [reports, business, uptime, dbConnections, recentErrors, performance] = await Promise.all([
    collectServiceReports(deps.bus),
    businessMetrics(deps, now),
    uptimePercent(deps, now),
    databaseConnections(deps),
    listRecentErrors(deps, now.getTime()),
    performanceFigures(deps, now),
  ])
  const { history, ...window } = performance
  return {
    businessMetrics: business,
    performanceMetrics: { ...window, uptime },
    systemMetrics: {
      memoryUsage: sum(reports, (r) => r.memoryBytes),
      dbConnections,
      // Events and jobs waiting in every durable consumer (the AI job queue included).
      queueJobs: sum(reports, (r) => r.consumers.reduce((total, c) => total + c.pending + c.ackPending, 0)),
      externalApiCalls: sum(reports, (r) => r.externalApiCalls),
    },
    recentErrors,
    history,
    traceViewerUrl: deps.env.TRACE_VIEWER_URL ?? null,
  }
}
