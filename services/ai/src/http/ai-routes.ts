import { aiRoutes as catalogue } from '@plumbline/contracts/api-routes'
import { catalogueRouter } from '@plumbline/service-kit'
import type { Router } from 'express'
import type { AiDeps } from '../deps.js'
import { generateContent } from '../usecases/generate-content.js'

/**
 * /ai/…: routes without an organisation in the path. The gateway scopes the identity to the
 * organisation named in the `organizationId` query parameter or, for generate-content, in the
 * JSON body (spec 000 §7); the body's organizationId must be that organisation (else 404, as for
 * any other tenant's object).
 */
export function aiRoutes(deps: AiDeps): Router {
  return catalogueRouter(catalogue)
    .on('postAiGenerateContent', ({ ctx, body }) => generateContent(deps, ctx, body))
    .on('getAiProvider', () => deps.provider.info).router
}
