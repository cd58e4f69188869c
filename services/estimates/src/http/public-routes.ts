import { ZApproveBody, ZRejectBody } from '@plumbline/contracts'
import { parseBody, parseParams, type RequestContext } from '@plumbline/service-kit'
import express, { type RequestHandler, type Router } from 'express'
import { z } from 'zod'
import type { EstimatesDeps } from '../deps.js'
import { approveEstimate } from '../usecases/approve-estimate.js'
import { getPublicEstimate } from '../usecases/get-public-estimate.js'
import { rejectEstimate } from '../usecases/reject-estimate.js'

// Any text: whatever is not a live token (too long, malformed, revoked) is the same 404.
const ZTokenParams = z.object({ token: z.string() })

/** Client answers are personal to a link: never cached, never indexed (also on errors). */
const privatePage: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store')
  res.setHeader('X-Robots-Tag', 'noindex, nofollow')
  next()
}

const viewerOf = (res: { locals: Record<string, unknown> }) => res.locals.ctx as RequestContext | undefined
const clientOf = (req: express.Request) => ({ ip: req.ip, userAgent: req.header('user-agent') })

/**
 * The public estimate page (no sign-in; the gateway routes /api/public/estimates/:token/* as
 * public and rate-limits it) and the client's decision.
 */
export function publicRoutes(deps: EstimatesDeps): Router {
  const router = express.Router()
  router.use('/public/estimates', privatePage)

  router.get('/public/estimates/:token', async (req, res) => {
    const { token } = parseParams(ZTokenParams, req)
    res.json(await getPublicEstimate(deps, token, viewerOf(res)))
  })
  router.post('/public/estimates/:token/approve', async (req, res) => {
    const { token } = parseParams(ZTokenParams, req)
    res.json(await approveEstimate(deps, token, parseBody(ZApproveBody, req), clientOf(req)))
  })
  router.post('/public/estimates/:token/reject', async (req, res) => {
    const { token } = parseParams(ZTokenParams, req)
    res.json(await rejectEstimate(deps, token, parseBody(ZRejectBody, req), clientOf(req)))
  })

  return router
}
