import { ErrorCode, type EstimateDocument, RequestSubjects, ZEstimateDocumentReply } from '@plumbline/contracts'
import { type Bus, request } from '@plumbline/messaging'
import { AppError, notFound } from './errors.js'
import type { Logger } from './logger.js'

export type FetchEstimateDocumentOptions = {
  timeoutMs?: number
  /** What the caller's user reads when the estimate cannot be had (503). */
  unavailableMessage?: string
}

/**
 * One estimate with phases, sections, content links and totals, from its owner (the estimates
 * service), for the services that render or write from it (PDF, AI). Unknown or another
 * organisation's estimate: 404. No answer, or one that does not match the contract: 503, since
 * nothing can be rendered without it.
 */
export async function fetchEstimateDocument(
  deps: { bus: Bus; logger: Logger },
  orgId: string,
  estimateId: string,
  { timeoutMs = 5000, unavailableMessage = 'The estimate could not be loaded right now. Please try again in a moment.' }: FetchEstimateDocumentOptions = {},
): Promise<EstimateDocument> {
  try {
    const reply = await request(deps.bus, RequestSubjects.estimateDocument, { orgId, estimateId }, { schema: ZEstimateDocumentReply, timeoutMs })
    if (reply.found) return reply.document
  } catch (err) {
    const code = (err as { code?: string }).code
    deps.logger[code === ErrorCode.INVALID_REPLY ? 'error' : 'warn']({ err: (err as Error).message, code, orgId, estimateId }, 'estimate document unavailable')
    throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, unavailableMessage)
  }
  throw notFound('Estimate')
}
