import { documentsRoutes } from '@plumbline/contracts/api-routes'
import { catalogueRouter, uuidParam } from '@plumbline/service-kit'
import type { Router } from 'express'
import type { DocumentsDeps } from '../deps.js'
import { downloadFile } from '../usecases/download-file.js'
import { sendStoredFile } from './send-file.js'

/**
 * Signed downloads (the gateway routes /api/documents/* here for signed-in users, scoped to
 * `organizationId`). The PDF is served inline, never cached, never sniffed.
 */
export function fileRoutes(deps: DocumentsDeps): Router {
  return catalogueRouter(documentsRoutes).on('getDocumentsFilesById', async ({ ctx, query, req, res }) => {
    const { file, bytes } = await downloadFile(deps, ctx.orgId, { fileId: uuidParam(req, 'fileId', 'File'), ...query })
    sendStoredFile(req, res, file, bytes, { cache: 'no-store' })
  }).router
}
