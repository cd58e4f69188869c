import { ErrorCode, type FetchLogoUrlReply, RequestSubjects, ZFetchLogoUrlReply } from '@plumbline/contracts'
import { type Bus, request } from '@plumbline/messaging'
import { AppError, badRequest, type Logger } from '@plumbline/service-kit'

/** Fetching a remote image takes up to 5 s in the documents service; wait a little longer. */
const LOGO_URL_CHECK_TIMEOUT_MS = 7000

/**
 * A logo URL is only saved once the documents service fetched it safely (https, public address
 * on every redirect, size and type caps) and kept a copy for PDFs. Its refusal becomes a 400 on
 * the logoUrl field; no answer means the URL could not be checked, so nothing is saved.
 */
export async function checkLogoUrl(deps: { bus: Bus; logger: Logger }, orgId: string, url: string): Promise<void> {
  let verdict: FetchLogoUrlReply
  try {
    verdict = await request(deps.bus, RequestSubjects.fetchLogoUrl, { orgId, url }, { schema: ZFetchLogoUrlReply, timeoutMs: LOGO_URL_CHECK_TIMEOUT_MS })
  } catch (err) {
    deps.logger.warn({ orgId, err: (err as Error).message }, 'logo URL check unavailable')
    throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, 'The logo URL could not be checked right now. Please try again in a moment.')
  }
  if (!verdict.ok) throw badRequest(verdict.message, [{ field: 'logoUrl', message: verdict.message }])
}
