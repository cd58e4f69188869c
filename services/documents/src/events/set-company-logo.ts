import { ErrorCode, RequestSubjects, ZSetCompanyLogoReply } from '@plumbline/contracts'
import { type Bus, request } from '@plumbline/messaging'
import { AppError, type Logger } from '@plumbline/service-kit'

export type LogoFields = { fileName: string; mimeType: string; size: number } | null

/**
 * Tells the admin service (owner of company settings) the logo's fields, or null to clear
 * them. Without its acknowledgement the change did not happen: 503, and the caller undoes its side.
 */
export async function setCompanyLogo(deps: { bus: Bus; logger: Logger }, orgId: string, logo: LogoFields, failure: string): Promise<void> {
  try {
    const reply = await request(deps.bus, RequestSubjects.setCompanyLogo, { orgId, logo }, { schema: ZSetCompanyLogoReply, timeoutMs: 3000 })
    if (reply.ok) return
    deps.logger.warn({ orgId }, 'admin did not accept the logo fields')
  } catch (err) {
    deps.logger.warn({ orgId, err: (err as Error).message }, 'admin unavailable for the logo fields')
  }
  throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, failure)
}
