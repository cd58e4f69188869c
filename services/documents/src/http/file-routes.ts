import { contextOf, parseQuery, uuidParam } from '@plumbline/service-kit'
import express, { type Router } from 'express'
import { z } from 'zod'
import type { DocumentsDeps } from '../deps.js'
import { downloadFile } from '../usecases/download-file.js'
import { sendStoredFile } from './send-file.js'

const ZDownloadQuery = z.object({
  organizationId: z.string({ error: 'organizationId is required' }).min(1).max(64),
  expires: z.coerce.number({ error: 'expires must be a number' }).int().min(0).max(1e11),
  signature: z.string({ error: 'signature is required' }).min(1).max(256),
})

/**
 * Signed downloads (the gateway routes /api/documents/* here for signed-in users, scoped to
 * `organizationId`). The PDF is served inline, never cached, never sniffed.
 */
export function fileRoutes(deps: DocumentsDeps): Router {
  const router = express.Router()
  router.get('/documents/files/:fileId', async (req, res) => {
    const ctx = contextOf(res)
    const query = parseQuery(ZDownloadQuery, req)
    const fileId = uuidParam(req, 'fileId', 'File')
    const { file, bytes } = await downloadFile(deps, ctx.orgId, { fileId, ...query })
    sendStoredFile(req, res, file, bytes, { cache: 'no-store' })
  })
  return router
}
