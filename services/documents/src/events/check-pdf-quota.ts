import { DocumentErrorCode, RequestSubjects, ZQuotaCheckReply } from '@plumbline/contracts'
import { type Bus, request } from '@plumbline/messaging'
import { AppError, type Logger } from '@plumbline/service-kit'

export const pdfLimitMessage = (used: number, limit: number) => `Monthly PDF limit reached (${used} of ${limit}). Upgrade your plan or wait until next month.`

/**
 * Asks the admin service whether the organisation may generate another PDF this month.
 * Refused: 403 PDF_LIMIT_REACHED. No answer (or an unreadable one) allows it with a warning, as
 * for estimates: a quota outage must not stop contractors; admin still counts the event later.
 */
export async function checkPdfQuota(deps: { bus: Bus; logger: Logger }, orgId: string): Promise<void> {
  let raw: unknown
  try {
    raw = await request(deps.bus, RequestSubjects.quotaCheck, { orgId, kind: 'pdf' }, { timeoutMs: 2000 })
  } catch (err) {
    deps.logger.warn({ err: (err as Error).message, orgId }, 'quota check unavailable; allowing PDF generation')
    return
  }
  const reply = ZQuotaCheckReply.safeParse(raw)
  if (!reply.success) {
    deps.logger.warn({ orgId }, 'quota check answered an unexpected shape; allowing PDF generation')
    return
  }
  if (!reply.data.allowed) throw new AppError(403, DocumentErrorCode.PDF_LIMIT_REACHED, pdfLimitMessage(reply.data.used, reply.data.limit))
}
