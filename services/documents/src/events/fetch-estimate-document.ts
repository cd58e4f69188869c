import { ErrorCode, type EstimateDocument, RequestSubjects, ZEstimateDocumentReply } from '@plumbline/contracts'
import { type Bus, request } from '@plumbline/messaging'
import { AppError, type Logger, notFound } from '@plumbline/service-kit'

/**
 * One estimate with phases, sections, content links and totals, from its owner (estimates).
 * Unknown or another organisation's estimate: 404. No answer: 503, since a PDF without its
 * estimate cannot be rendered.
 */
export async function fetchEstimateDocument(deps: { bus: Bus; logger: Logger }, orgId: string, estimateId: string): Promise<EstimateDocument> {
  let raw: unknown
  try {
    raw = await request(deps.bus, RequestSubjects.estimateDocument, { orgId, estimateId }, { timeoutMs: 5000 })
  } catch (err) {
    deps.logger.warn({ orgId, estimateId, err: (err as Error).message }, 'estimate document unavailable')
    throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, 'Failed to generate PDF. Please try again.')
  }
  const reply = ZEstimateDocumentReply.safeParse(raw)
  if (!reply.success) {
    deps.logger.error({ orgId, estimateId, issues: reply.error.issues.slice(0, 5) }, 'estimate document reply did not match the contract')
    throw new AppError(502, ErrorCode.SERVICE_UNAVAILABLE, 'Failed to generate PDF. Please try again.')
  }
  if (!reply.data.found) throw notFound('Estimate')
  return reply.data.document
}
