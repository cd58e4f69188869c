import { RequestSubjects, ZEstimateDocumentRequest } from '@plumbline/contracts'
import { type Replier, reply } from '@plumbline/messaging'
import type { EstimatesDeps } from '../deps.js'
import { loadEstimateDocument } from '../usecases/load-estimate-document.js'

/** Answers the ai and documents services with one estimate's full document (DESIGN §4 request/reply). */
export function startEstimateDocumentResponder(deps: EstimatesDeps): Replier {
  return reply(deps.bus, RequestSubjects.estimateDocument, ({ orgId, estimateId }) => loadEstimateDocument(deps, orgId, estimateId), ZEstimateDocumentRequest)
}
