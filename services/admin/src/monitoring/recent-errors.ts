import { OpsSubjects, type RecentError, ZErrorReportedV1 } from '@plumbline/contracts'
import type { AdminDeps } from '../deps.js'

/** Spec 001 §9: errors window 24 hours; at most this many are kept whatever their age. */
export const ERRORS_WINDOW_MS = 24 * 60 * 60 * 1000
export const MAX_RECENT_ERRORS = 200

const errorsKey = (prefix: string) => `${prefix}monitoring:recent-errors`

/** Keeps one reported error: newest first, bounded by count, expiring with the window. */
export async function recordError(deps: Pick<AdminDeps, 'redis' | 'env'>, error: RecentError): Promise<void> {
  const key = errorsKey(deps.env.REDIS_PREFIX)
  await deps.redis
    .multi()
    .lPush(key, JSON.stringify(error))
    .lTrim(key, 0, MAX_RECENT_ERRORS - 1)
    .pExpire(key, ERRORS_WINDOW_MS)
    .exec()
}

/** The errors of the last 24 hours, newest first. */
export async function listRecentErrors(deps: Pick<AdminDeps, 'redis' | 'env'>, now = Date.now()): Promise<RecentError[]> {
  const raw = await deps.redis.lRange(errorsKey(deps.env.REDIS_PREFIX), 0, MAX_RECENT_ERRORS - 1)
  return raw
    .map((item) => ZErrorReportedV1.safeParse(JSON.parse(item)))
    .flatMap((parsed) => (parsed.success ? [parsed.data] : []))
    .filter((e) => now - new Date(e.timestamp).getTime() <= ERRORS_WINDOW_MS)
}

/**
 * Listens for every service's OpsSubjects.errorReported. Core NATS in a queue group: the
 * notification is best-effort (monitoring, not business data), and with several admin
 * replicas each report is kept once in the Redis list they share.
 */
export function startErrorListener(deps: Pick<AdminDeps, 'bus' | 'redis' | 'env' | 'logger'>): { stop: () => Promise<void> } {
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
