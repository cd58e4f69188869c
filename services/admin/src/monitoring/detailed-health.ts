import type { ConsumerState, DetailedHealth, HealthCheck, HealthStatus } from '@plumbline/contracts'
import type { AdminDeps } from '../deps.js'
import { jetStreamAccountCheck, postgresCheck, redisCheck } from './infra-checks.js'
import { collectServiceReports, type ServiceReport } from './service-reports.js'

/** Unacknowledged work above which a consumer is falling behind. */
export const CONSUMER_LAG_LIMIT = 100
/** An unpublished outbox row older than this means the relay is stuck. */
export const OUTBOX_AGE_LIMIT_SECONDS = 60

function serviceCheck(r: ServiceReport): HealthCheck {
  if (!r.ok) return { component: r.service, status: 'unhealthy', message: 'Not answering', responseTime: r.responseTime, details: { error: r.error } }
  const failing = r.report.checks.filter((c) => c.status !== 'healthy')
  return {
    component: r.service,
    status: failing.length ? 'unhealthy' : 'healthy',
    message: failing.length ? `Not ready: ${failing.map((c) => `${c.component} (${c.message ?? 'failing'})`).join(', ')}` : 'Ready',
    responseTime: r.responseTime,
    details: { checks: r.report.checks, uptimeSeconds: r.report.uptimeSeconds, memoryBytes: r.report.memoryBytes },
  }
}

/** JetStream plus every durable consumer's pending, redelivered and dead-lettered counts. */
function withConsumers(account: HealthCheck, reports: ServiceReport[]): HealthCheck {
  const consumers: ConsumerState[] = reports.flatMap((r) => (r.ok ? r.report.consumers : []))
  const total = (pick: (c: ConsumerState) => number) => consumers.reduce((sum, c) => sum + pick(c), 0)
  const pending = total((c) => c.pending + c.ackPending)
  const redeliveries = total((c) => c.redelivered)
  const deadLetters = total((c) => c.deadLettered)
  const lagging = consumers.filter((c) => c.pending + c.ackPending > CONSUMER_LAG_LIMIT).map((c) => c.durable)
  const details = { ...account.details, pending, redeliveries, deadLetters, consumers }
  if (account.status !== 'healthy') return { ...account, details }
  const problems = [lagging.length ? `falling behind: ${lagging.join(', ')}` : '', deadLetters ? `${deadLetters} dead letters` : ''].filter(Boolean)
  return {
    ...account,
    // Dead letters stay in the DLQ until someone replays them: reported, and alerted on in
    // Prometheus, but only lag makes the bus degraded (it means work is waiting now).
    status: lagging.length ? 'degraded' : 'healthy',
    message: problems.length ? problems.join('; ') : `${pending} pending, ${redeliveries} redelivered`,
    details,
  }
}

function outboxCheck(reports: ServiceReport[]): HealthCheck {
  const outboxes = reports.flatMap((r) => (r.ok && r.report.outbox ? [{ service: r.service, ...r.report.outbox }] : []))
  const backlog = outboxes.reduce((sum, o) => sum + o.backlog, 0)
  const stuck = outboxes.filter((o) => (o.oldestAgeSeconds ?? 0) > OUTBOX_AGE_LIMIT_SECONDS).map((o) => o.service)
  return {
    component: 'outbox',
    status: stuck.length ? 'degraded' : 'healthy',
    message: stuck.length ? `Events waiting over ${OUTBOX_AGE_LIMIT_SECONDS} s in ${stuck.join(', ')}` : `${backlog} events waiting to be published`,
    responseTime: 0,
    details: { backlog, services: outboxes },
  }
}

/**
 * The platform's status: unhealthy when the shared infrastructure (PostgreSQL, Redis, NATS)
 * fails, since then nothing works; degraded when anything else is not healthy (a service down,
 * a consumer behind, an outbox stuck); healthy otherwise.
 */
export function overallStatus(checks: HealthCheck[]): HealthStatus {
  const infrastructure = new Set(['postgresql', 'redis', 'nats-jetstream'])
  if (checks.some((c) => infrastructure.has(c.component) && c.status === 'unhealthy')) return 'unhealthy'
  return checks.every((c) => c.status === 'healthy') ? 'healthy' : 'degraded'
}

/** GET /health/detailed (spec 001 §3 Health). */
export async function getDetailedHealth(deps: Pick<AdminDeps, 'bus' | 'prisma' | 'redis'>): Promise<{ health: DetailedHealth; reports: ServiceReport[] }> {
  const [reports, postgres, redis, jetStream] = await Promise.all([
    collectServiceReports(deps.bus),
    postgresCheck(deps),
    redisCheck(deps),
    jetStreamAccountCheck(deps),
  ])
  const checks = [...reports.map(serviceCheck), postgres, redis, withConsumers(jetStream, reports), outboxCheck(reports)]
  return { health: { status: overallStatus(checks), timestamp: new Date().toISOString(), checks }, reports }
}
