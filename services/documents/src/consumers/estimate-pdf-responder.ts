import { RequestSubjects, ZEstimatePdfRequest } from '@plumbline/contracts'
import { type Replier, reply } from '@plumbline/messaging'
import type { DocumentsDeps } from '../deps.js'
import { renderEstimatePdfAttachment } from '../usecases/render-estimate-pdf-attachment.js'

/** Answers the mailer's rpc.documents.estimate-pdf.render (a PDF attached to a mail). */
export function startEstimatePdfResponder(deps: DocumentsDeps): Replier {
  return reply(deps.bus, RequestSubjects.estimatePdf, (input) => renderEstimatePdfAttachment(deps, input), ZEstimatePdfRequest)
}
