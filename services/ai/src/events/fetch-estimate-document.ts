import { ErrorCode, type EstimateDocument, RequestSubjects, ZEstimateDocumentReply } from '@plumbline/contracts'
import { type Bus, request } from '@plumbline/messaging'
import { AppError, type Logger, notFound } from '@plumbline/service-kit'

/**
 * One estimate's document from its owner, the estimates service. Unknown or another
 * organisation's estimate: 404. No usable answer: 503, since nothing can be written without it.
 */
export async function fetchEstimateDocument(deps: { bus: Bus; logger: Logger }, orgId: string, estimateId: string): Promise<EstimateDocument> {
  let raw: unknown
  try {
    raw = await request(deps.bus, RequestSubjects.estimateDocument, { orgId, estimateId }, { timeoutMs: 3000 })
  } catch (err) {
    deps.logger.warn({ err: (err as Error).message, orgId, estimateId }, 'estimate document unavailable')
    throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, 'The estimate could not be loaded right now. Please try again in a moment.')
  }
  const reply = ZEstimateDocumentReply.safeParse(raw)
  if (!reply.success) {
    deps.logger.error({ orgId, estimateId, issues: reply.error.issues.slice(0, 5) }, 'estimate document reply did not match the contract')
    throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, 'The estimate could not be loaded right now. Please try again in a moment.')
  }
  if (!reply.data.found) throw notFound('Estimate')
  return reply.data.document
}
