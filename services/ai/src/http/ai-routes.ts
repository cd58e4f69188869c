import { ZGenerateContentBody } from '@plumbline/contracts'
import { orgCtx, parseBody, parseQuery } from '@plumbline/service-kit'
import express, { type Router } from 'express'
import { z } from 'zod'
import type { AiDeps } from '../deps.js'
import { generateContent } from '../usecases/generate-content.js'

const ZProviderQuery = z.object({ organizationId: z.string({ error: 'organizationId is required' }).min(1, 'organizationId is required').max(64) })

/**
 * /ai/…: routes without an organisation in the path. The gateway scopes the identity to the
 * organisation named in the `organizationId` query parameter or, for generate-content, in the
 * JSON body (spec 000 §7); the body's organizationId must be that organisation (else 404, as for
 * any other tenant's object).
 */
export function aiRoutes(deps: AiDeps): Router {
  const router = express.Router()
  router.post('/ai/generate-content', async (req, res) => {
    const body = parseBody(ZGenerateContentBody, req)
    const ctx = orgCtx(res, body.organizationId, 'cost_estimator', 'create')
    res.json(await generateContent(deps, ctx, body))
  })
  router.get('/ai/provider', async (req, res) => {
    const { organizationId } = parseQuery(ZProviderQuery, req)
    orgCtx(res, organizationId, 'cost_estimator', 'access')
    res.json(deps.provider.info)
  })
  return router
}
