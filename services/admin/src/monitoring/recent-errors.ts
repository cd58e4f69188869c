import { OpsSubjects, type RecentError, ZErrorReportedV1 } from '@plumbline/contracts'
import type { AdminDeps } from '../deps.js'

/** Spec 001 §9: errors window 24 hours; at most this many are shown whatever their age. */
export const ERRORS_WINDOW_MS = 24 * 60 * 60 * 1000
export const MAX_RECENT_ERRORS = 200

type Deps = Pick<AdminDeps, 'prisma'>

/** Keeps one reported error (once, by its id) and forgets those past the window. */
export async function recordError(deps: Deps, error: RecentError, now = Date.now()): Promise<void> {
  await deps.prisma.monitoringError.createMany({
    data: [
      {
        id: error.id,
        service: error.service,
        category: error.category,
        message: error.message,
        endpoint: error.endpoint,
        correlationId: error.correlationId,
        occurredAt: new Date(error.timestamp),
      },
    ],
    skipDuplicates: true,
  })
  await deps.prisma.monitoringError.deleteMany({ where: { occurredAt: { lt: new Date(now - ERRORS_WINDOW_MS) } } })
}

/** The errors of the last 24 hours, newest first. */
export async function listRecentErrors(deps: Deps, now = Date.now()): Promise<RecentError[]> {
  const rows = await deps.prisma.monitoringError.findMany({
    where: { occurredAt: { gte: new Date(now - ERRORS_WINDOW_MS) } },
    orderBy: { occurredAt: 'desc' },
    take: MAX_RECENT_ERRORS,
  })
  return rows.flatMap((r) => {
    const parsed = ZErrorReportedV1.safeParse({ ...r, category: r.category, timestamp: r.occurredAt.toISOString() })
    return parsed.success ? [parsed.data] : []
  })
}

/**
 * Listens for every service's OpsSubjects.errorReported. Core NATS in a queue group: the
 * notification is best-effort (monitoring, not business data), and with several admin
 * replicas each report is kept once in the table they share.
 */
export function startErrorListener(deps: Pick<AdminDeps, 'bus' | 'prisma' | 'logger'>): { stop: () => Promise<void> } {
  const subject = deps.bus.subject(OpsSubjects.errorReported)
  const sub = deps.bus.nc.subscribe(subject, {
    queue: subject,
    callback: (err, msg) => {
      if (err) return deps.logger.warn({ err }, 'error listener failed')
      let data: unknown
      try {
        data = JSON.parse(new TextDecoder().decode(msg.data))
      } catch {
        return deps.logger.warn('unreadable error report')
      }
      const parsed = ZErrorReportedV1.safeParse(data)
      if (!parsed.success) return deps.logger.warn({ issues: parsed.error.issues }, 'invalid error report')
      recordError(deps, parsed.data).catch((e: unknown) => deps.logger.warn({ err: e }, 'could not keep error report'))
    },
  })
  return { stop: () => sub.drain() }
}
