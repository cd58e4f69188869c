import { AiErrorCode, RequestSubjects, ZQuotaCheckReply } from '@plumbline/contracts'
import { type Bus, request } from '@plumbline/messaging'
import { AppError, type Logger } from '@plumbline/service-kit'

/**
 * Asks the admin service whether the organisation may run one more AI generation this month.
 * Refused: 429 AI_LIMIT_REACHED (the request is fine, the organisation has simply used up its
 * monthly allowance; 429 tells clients "not now" rather than "not allowed"). When admin does
 * not answer, generation is allowed and a warning logged, as for estimates: a quota outage must
 * not stop contractors; admin counts the completed generation from its event anyway.
 */
export async function checkAiQuota(deps: { bus: Bus; logger: Logger }, orgId: string): Promise<void> {
  let raw: unknown
  try {
    raw = await request(deps.bus, RequestSubjects.quotaCheck, { orgId, kind: 'ai' }, { timeoutMs: 2000 })
  } catch (err) {
    deps.logger.warn({ err: (err as Error).message, orgId }, 'quota check unavailable; allowing AI generation')
    return
  }
  const reply = ZQuotaCheckReply.safeParse(raw)
  if (!reply.success) {
    deps.logger.warn({ orgId }, 'quota check answered an unexpected shape; allowing AI generation')
    return
  }
  if (!reply.data.allowed) {
    const { used, limit } = reply.data
    throw new AppError(
      429,
      AiErrorCode.AI_LIMIT_REACHED,
      `Monthly AI generation limit reached (${used} of ${limit}). Upgrade your plan or wait until next month.`,
    )
  }
}
