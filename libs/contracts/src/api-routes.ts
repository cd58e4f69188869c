import type { z } from 'zod'
import type { PermissionAction, PermissionModule } from './permissions.js'
import { adminRoutes } from './routes/admin.js'
import { aiRoutes } from './routes/ai.js'
import { authRoutes } from './routes/auth.js'
import { documentsRoutes } from './routes/documents.js'
import { estimatesRoutes } from './routes/estimates.js'
import { meetingsRoutes } from './routes/meetings.js'

/**
 * The route catalogue: every HTTP route of every service, once, as data. Paths are the
 * services' own (express syntax, `:name` for a parameter); the gateway serves each under
 * API_PREFIX. `access` says who may call (public, any signed-in user, a member of the path's or
 * the query's organisation); `permission` names the module and action the service requires of
 * the caller's role. Schemas are the contracts the routers parse with (`query`, `body`) and answer
 * with (`reply`, sent with `status`, default 200): each service registers its entries by id with
 * service-kit's `catalogueRouter`, which applies access, permission and parsing.
 *
 * Checked by tests: each service's registered routes equal its catalogue entries, and the
 * gateway's route table routes every catalogue route and nothing outside it. The gateway
 * serves an OpenAPI 3.1 document built from it at /api/openapi.json (see openapi.ts).
 */
export type ApiService = 'auth' | 'estimates' | 'ai' | 'documents' | 'meetings' | 'admin'
export type ApiAccess = 'public' | 'user' | 'org' | 'admin'
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export type ApiRoute = {
  /** A stable operation name (OpenAPI operationId). */
  id: string
  method: ApiMethod
  path: string
  service: ApiService
  access: ApiAccess
  permission?: { module: PermissionModule; action: PermissionAction }
  query?: z.ZodType
  body?: z.ZodType
  reply?: z.ZodType
  /** The success status; 200 when omitted. */
  status?: number
}

export const API_PREFIX = '/api'

/** Each service's entries, with their literal types (ids, schemas) for service-kit's catalogueRouter. */
export { adminRoutes, aiRoutes, authRoutes, documentsRoutes, estimatesRoutes, meetingsRoutes }

export const API_ROUTES: readonly ApiRoute[] = [...authRoutes, ...estimatesRoutes, ...aiRoutes, ...documentsRoutes, ...adminRoutes, ...meetingsRoutes]

/** `/organizations/:orgId/estimates/:id` → ['orgId', 'id']. */
export const pathParamsOf = (path: string): string[] => path.split('/').flatMap((s) => (s.startsWith(':') ? [s.slice(1)] : []))
