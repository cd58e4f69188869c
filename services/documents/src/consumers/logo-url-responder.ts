import { RequestSubjects, ZFetchLogoUrlRequest } from '@plumbline/contracts'
import { type Replier, reply } from '@plumbline/messaging'
import type { DocumentsDeps } from '../deps.js'
import { fetchLogoUrl } from '../usecases/fetch-logo-url.js'

/** Answers admin's rpc.documents.logo-url.fetch (before it saves a logo URL). */
export function startLogoUrlResponder(deps: DocumentsDeps): Replier {
  return reply(deps.bus, RequestSubjects.fetchLogoUrl, (input) => fetchLogoUrl(deps, input), ZFetchLogoUrlRequest)
}
