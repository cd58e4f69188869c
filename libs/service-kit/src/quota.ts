import { QUOTA_LIMIT_CODES, QUOTA_LIMIT_STATUS, type QuotaKind, quotaLimitMessage, RequestSubjects, ZQuotaCheckReply } from '@plumbline/contracts'
import { type Bus, request } from '@plumbline/messaging'
import { AppError } from './errors.js'
import type { Logger } from './logger.js'

/**
 * The one quota client: asks the admin service whether the organisation may do one more counted
 * action (`kind`) this month. Refused: AppError 429 with QUOTA_LIMIT_CODES[kind] and the used and
 * limit figures (contracts documents the body). When admin does not answer in time, or answers
 * something unreadable, the action is allowed and a warning logged: a quota outage must not stop
 * contractors, and admin counts the action from its event anyway.
 */
export async function checkQuota(deps: { bus: Bus; logger: Logger }, orgId: string, kind: QuotaKind): Promise<void> {
  let reply: { allowed: boolean; used: number; limit: number }
  try {
    reply = await request(deps.bus, RequestSubjects.quotaCheck, { orgId, kind }, { schema: ZQuotaCheckReply, timeoutMs: 2000 })
  } catch (err) {
    deps.logger.warn({ err: (err as Error).message, code: (err as { code?: string }).code, orgId, kind }, 'quota check unavailable; allowing the action')
    return
  }
  if (!reply.allowed) throw new AppError(QUOTA_LIMIT_STATUS, QUOTA_LIMIT_CODES[kind], quotaLimitMessage(kind, reply.used, reply.limit))
}
