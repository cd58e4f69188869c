import type { PublicEstimate, ZApproveBody } from '@plumbline/contracts'
import type { z } from 'zod'
import type { EstimatesDeps } from '../deps.js'
import { type ClientInfo, recordApprovalDecision } from './record-approval-decision.js'

/** POST /public/estimates/{token}/approve: full name, drawn signature (or the typed name), explicit consent; locks the estimate. */
export function approveEstimate(deps: EstimatesDeps, token: string, body: z.infer<typeof ZApproveBody>, client: ClientInfo): Promise<PublicEstimate> {
  return recordApprovalDecision(
    deps,
    token,
    {
      decision: 'approved',
      signerName: body.signerName,
      signerEmail: body.signerEmail ?? null,
      signaturePng: body.signaturePng ? Buffer.from(body.signaturePng, 'base64') : null,
      reason: null,
      consent: body.consent,
      expectedSha256: body.snapshotSha256,
    },
    client,
  )
}
