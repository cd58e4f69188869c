import { LOGO_MAX_BYTES, LogoMessages, ZOrgIdParam } from '@plumbline/contracts'
import { documentsRoutes } from '@plumbline/contracts/api-routes'
import { catalogueRouter, parseParams } from '@plumbline/service-kit'
import type { Router } from 'express'
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
  return (
    catalogueRouter(documentsRoutes)
      .on('postCompanySettingsLogo', async ({ ctx, req }) => {
        const upload = await readUpload(req, { field: 'logo', maxBytes: LOGO_MAX_BYTES, tooLarge: LogoMessages.tooLarge, missing: NO_FILE })
        return uploadLogo(deps, ctx, upload)
      })
      .on('getCompanySettingsLogoView', async ({ ctx, req, res }) => {
        const { file, bytes } = await viewLogo(deps, ctx.orgId)
        sendStoredFile(req, res, file, bytes, { cache: 'private' })
      })
      // The logo as the client's share page shows it (no sign-in): branding meant for clients.
      .on('getPublicLogosById', async ({ req, res }) => {
        const { file, bytes } = await viewLogo(deps, parseParams(ZOrgIdParam, req).orgId)
        sendStoredFile(req, res, file, bytes, { cache: 'public' })
      })
      .on('deleteCompanySettingsLogo', async ({ ctx }) => {
        await deleteLogo(deps, ctx)
      }).router
  )
}
