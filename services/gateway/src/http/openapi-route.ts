import { buildOpenApiDocument } from '@plumbline/contracts/openapi'
import type { RequestHandler } from 'express'

/** GET /api/openapi.json: the OpenAPI 3.1 document of the route catalogue, built once per process. */
export function openApiRoute(): RequestHandler {
  let body: string | undefined
  return (_req, res) => {
    res.locals.route = '/api/openapi.json'
    body ??= JSON.stringify(buildOpenApiDocument())
    res.setHeader('Cache-Control', 'no-cache')
    res.type('application/json').send(body)
  }
}
