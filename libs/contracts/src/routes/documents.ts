import type { ApiRoute } from '../api-routes.js'
import { ZDownloadQuery, ZGeneratePdfResponse, ZLogoUploadResponse } from '../documents.js'

/** The documents service's routes (see the catalogue's doc in api-routes.ts). */
export const documentsRoutes = [
  {
    id: 'postEstimatesGeneratePdf',
    method: 'POST',
    path: '/organizations/:orgId/estimates/:id/generate-pdf',
    service: 'documents',
    access: 'org',
    permission: { module: 'cost_estimator', action: 'access' },
    reply: ZGeneratePdfResponse,
  },
  {
    id: 'postCompanySettingsLogo',
    method: 'POST',
    path: '/organizations/:orgId/company-settings/logo',
    service: 'documents',
    access: 'org',
    permission: { module: 'team', action: 'edit' },
    reply: ZLogoUploadResponse,
  },
  { id: 'getCompanySettingsLogoView', method: 'GET', path: '/organizations/:orgId/company-settings/logo/view', service: 'documents', access: 'org' },
  { id: 'getPublicLogosById', method: 'GET', path: '/public/logos/:orgId', service: 'documents', access: 'public' },
  {
    id: 'deleteCompanySettingsLogo',
    method: 'DELETE',
    path: '/organizations/:orgId/company-settings/logo',
    service: 'documents',
    access: 'org',
    permission: { module: 'team', action: 'edit' },
    status: 204,
  },
  { id: 'getDocumentsFilesById', method: 'GET', path: '/documents/files/:fileId', service: 'documents', access: 'user', query: ZDownloadQuery },
] as const satisfies readonly ApiRoute[]
