import type { PublicEstimate, ZRejectBody } from '@plumbline/contracts'
import type { z } from 'zod'
import type { EstimatesDeps } from '../deps.js'
import { type ClientInfo, recordApprovalDecision } from './record-approval-decision.js'

/** POST /public/estimates/{token}/reject: an optional reason; the estimate stays editable. */
export function rejectEstimate(deps: EstimatesDeps, token: string, body: z.infer<typeof ZRejectBody>, client: ClientInfo): Promise<PublicEstimate> {
  const reason = body.reason?.trim() || null
  return recordApprovalDecision(deps, token, { decision: 'rejected', signerName: null, reason, consent: false, expectedSha256: body.snapshotSha256 }, client)
}
