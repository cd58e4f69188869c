import { z } from 'zod'
import { ZApprovalRecord, ZContentLink, ZEstimate, ZEstimatePricing, ZPhase, ZSection } from './estimates.js'

/**
 * rpc.estimates.document.get: everything the ai and documents services need to write about or
 * render one estimate, read in one reply from its owner. `found: false` for an unknown id or
 * another organisation's estimate (the caller answers 404).
 */
export const ZEstimateDocumentRequest = z.object({ orgId: z.string(), estimateId: z.string() })
export const ZEstimateDocument = z.object({
  estimate: ZEstimate,
  phases: z.array(ZPhase),
  sections: z.array(ZSection),
  contentLinks: z.array(ZContentLink),
  pricing: ZEstimatePricing,
  /** The signed approval, while the estimate is approved (the signed PDF prints it). */
  approvalRecord: ZApprovalRecord.omit({ snapshot: true }).nullable().optional(),
})
export type EstimateDocument = z.infer<typeof ZEstimateDocument>
export const ZEstimateDocumentReply = z.union([z.object({ found: z.literal(false) }), z.object({ found: z.literal(true), document: ZEstimateDocument })])
export type EstimateDocumentReply = z.infer<typeof ZEstimateDocumentReply>
