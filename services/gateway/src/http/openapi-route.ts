import type { IncomingMessage, ServerResponse } from 'node:http'
import { buildOpenApiDocument } from '@plumbline/contracts/openapi'

export const OPENAPI_PATH = '/api/openapi.json'

/** GET /api/openapi.json: the OpenAPI 3.1 document of the route catalogue, built once per process. */
export function openApiRoute(): (req: IncomingMessage, res: ServerResponse) => void {
  let body: Buffer | undefined
  return (req, res) => {
    body ??= Buffer.from(JSON.stringify(buildOpenApiDocument()))
    res.setHeader('Cache-Control', 'no-cache')
    res.setHeader('Content-Type', 'application/json; charset=utf-8')
    res.setHeader('Content-Length', body.length)
    res.end(req.method === 'HEAD' ? undefined : body)
  }
}
