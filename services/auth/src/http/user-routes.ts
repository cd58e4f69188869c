import { authRoutes as catalogue } from '@plumbline/contracts/api-routes'
import { catalogueRouter } from '@plumbline/service-kit'
import type { Router } from 'express'
import type { AuthDeps } from '../deps.js'
import { getCurrentUser } from '../usecases/get-current-user.js'
import { listUserOrganizations } from '../usecases/list-user-organizations.js'

/** The signed-in user; 401 when the gateway forwarded no identity. Spec 000 reads /api/user, spec 001 /api/auth/user: the same answer. */
export function userRoutes(deps: AuthDeps): Router {
  return catalogueRouter(catalogue)
    .on('getUser', ({ ctx }) => getCurrentUser(deps, ctx.userId))
    .on('getAuthUser', ({ ctx }) => getCurrentUser(deps, ctx.userId))
    .on('getUser2', ({ ctx }) => listUserOrganizations(deps, ctx.userId)).router
}
