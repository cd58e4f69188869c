import { SHARE_PASSCODE_HEADER } from '@plumbline/contracts'
import { estimatesRoutes } from '@plumbline/contracts/api-routes'
import { catalogueRouter } from '@plumbline/service-kit'
import type { Request, RequestHandler, Router } from 'express'
import type { EstimatesDeps } from '../deps.js'
import { approveEstimate } from '../usecases/approve-estimate.js'
import { getPublicEstimate } from '../usecases/get-public-estimate.js'
import { listPublicComments } from '../usecases/list-public-comments.js'
import { rejectEstimate } from '../usecases/reject-estimate.js'
import { unsubscribeFromReminders } from '../usecases/reminders.js'
import { requestChanges } from '../usecases/request-changes.js'

/** Client answers are personal to a link: never cached, never indexed (also on errors). */
const privatePage: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store')
  res.setHeader('X-Robots-Tag', 'noindex, nofollow')
  next()
}

const clientOf = (req: Request) => ({ ip: req.ip, userAgent: req.header('user-agent'), passcode: passcodeOf(req) })
const passcodeOf = (req: Request) => req.header(SHARE_PASSCODE_HEADER)?.slice(0, 200) || undefined

/**
 * The public estimate page (no sign-in; the gateway routes /api/public/estimates/:token/* as
 * public and rate-limits it), the client's decision and their change requests. Any token text is accepted: whatever is
 * not a live token (too long, malformed, revoked) is the same 404.
 */
export function publicRoutes(deps: EstimatesDeps): Router {
  const api = catalogueRouter(estimatesRoutes)
  api.router.use('/public/estimates', privatePage)
  return api
    .on('getPublicEstimatesById', ({ ctx, req }) => getPublicEstimate(deps, req.params.token, ctx, passcodeOf(req)))
    .on('postPublicEstimatesApprove', ({ body, req }) => approveEstimate(deps, req.params.token, body, clientOf(req)))
    .on('postPublicEstimatesReject', ({ body, req }) => rejectEstimate(deps, req.params.token, body, clientOf(req)))
    .on('getPublicEstimatesComments', ({ req }) => listPublicComments(deps, req.params.token, passcodeOf(req)))
    .on('postPublicEstimatesComments', ({ body, req }) => requestChanges(deps, req.params.token, body, clientOf(req)))
    .on('postPublicEstimatesUnsubscribe', ({ req }) => unsubscribeFromReminders(deps, req.params.token)).router
}
