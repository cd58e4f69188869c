import { ErrorCode, RequestSubjects, ZQuotaCheckReply } from '@plumbline/contracts'
import { type Bus, request } from '@plumbline/messaging'
import { AppError, type Logger } from '@plumbline/service-kit'

/**
 * Asks the admin service whether the organisation may create another estimate this month.
 * Refused: 403 QUOTA_EXCEEDED naming used/limit. When the admin service does not answer (or
 * answers something unreadable) creation is allowed and a warning logged: a quota outage must
 * not stop contractors from working; the admin service counts the created event later anyway.
 */
export async function checkEstimateQuota(deps: { bus: Bus; logger: Logger }, orgId: string): Promise<void> {
  let raw: unknown
  try {
    raw = await request(deps.bus, RequestSubjects.quotaCheck, { orgId, kind: 'estimates' }, { timeoutMs: 2000 })
  } catch (err) {
    deps.logger.warn({ err: (err as Error).message, code: (err as { code?: string }).code, orgId }, 'quota check unavailable; allowing estimate creation')
    return
  }
  const reply = ZQuotaCheckReply.safeParse(raw)
  if (!reply.success) {
    deps.logger.warn({ orgId }, 'quota check answered an unexpected shape; allowing estimate creation')
    return
  }
  if (!reply.data.allowed) {
    throw new AppError(
      403,
      ErrorCode.QUOTA_EXCEEDED,
      `Monthly estimate limit reached (${reply.data.used}/${reply.data.limit}). Contact your administrator to raise it.`,
    )
  }
}
