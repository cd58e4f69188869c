import { LOGO_MAX_BYTES, LogoMessages, ZOrgIdParam } from '@plumbline/contracts'
import { orgContextOf, orgCtx, parseParams } from '@plumbline/service-kit'
import express, { type Router } from 'express'
import type { DocumentsDeps } from '../deps.js'
import { deleteLogo } from '../usecases/delete-logo.js'
import { uploadLogo } from '../usecases/upload-logo.js'
import { viewLogo } from '../usecases/view-logo.js'
import { readUpload } from './read-upload.js'
import { sendStoredFile } from './send-file.js'

const NO_FILE = 'Please select a PNG or JPEG image to upload (form field "logo")'

/**
 * The uploaded company logo. Changing it is managing the organisation (team edit, as for the
 * other company settings); every member may view it, and so may anyone at /public/logos/{orgId},
 * which the client's share page uses (estimates' publicLogoOf).
 */
export function logoRoutes(deps: DocumentsDeps): Router {
  const router = express.Router()
  const base = '/organizations/:orgId/company-settings/logo'
  router.post(base, async (req, res) => {
    parseParams(ZOrgIdParam, req)
    const ctx = orgCtx(res, req.params.orgId, 'team', 'edit')
    const upload = await readUpload(req, { field: 'logo', maxBytes: LOGO_MAX_BYTES, tooLarge: LogoMessages.tooLarge, missing: NO_FILE })
    res.status(200).json(await uploadLogo(deps, ctx, upload))
  })
  router.get(`${base}/view`, async (req, res) => {
    parseParams(ZOrgIdParam, req)
    const ctx = orgContextOf(res, req.params.orgId as string)
    const { file, bytes } = await viewLogo(deps, ctx.orgId)
    sendStoredFile(req, res, file, bytes, { cache: 'private' })
  })
  // The logo as the client's share page shows it (no sign-in): branding meant for clients.
  router.get('/public/logos/:orgId', async (req, res) => {
    const { orgId } = parseParams(ZOrgIdParam, req)
    const { file, bytes } = await viewLogo(deps, orgId)
    sendStoredFile(req, res, file, bytes, { cache: 'public' })
  })
  router.delete(base, async (req, res) => {
    parseParams(ZOrgIdParam, req)
    const ctx = orgCtx(res, req.params.orgId, 'team', 'edit')
    await deleteLogo(deps, ctx)
    res.status(204).end()
  })
  return router
}
