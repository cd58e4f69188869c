import type { Express } from 'express'
import type { DocumentsDeps } from './deps.js'
import { fileRoutes } from './http/file-routes.js'
import { logoRoutes } from './http/logo-routes.js'
import { pdfRoutes } from './http/pdf-routes.js'

export type { DocumentsDeps } from './deps.js'

/**
 * Routes of the documents service (paths without the gateway's /api prefix): PDF export of an
 * estimate, the uploaded company logo, and signed file downloads.
 */
export const documentsRoutes = (deps: DocumentsDeps) => (app: Express) => {
  app.use(pdfRoutes(deps))
  app.use(logoRoutes(deps))
  app.use(fileRoutes(deps))
}
