import { authRoutes as catalogue } from '@plumbline/contracts/api-routes'
import { catalogueRouter } from '@plumbline/service-kit'
import type { Request, Router } from 'express'
import type { AuthDeps } from '../deps.js'
import { roleNotFound } from '../domain/role-errors.js'
import { createRole, deleteRole, getRolePermissions, listRoles, setRolePermissions, updateRole } from '../usecases/roles.js'

/** Role ids are UUIDs or `system-role-…`; anything else (a NUL byte, a path) names no role: the same 404. */
const ROLE_ID = /^[A-Za-z0-9-]{1,64}$/
function roleId(req: Request): string {
  const id = String(req.params.id)
  if (!ROLE_ID.test(id)) throw roleNotFound()
  return id
}

/** Spec 001 §7 Settings: an organisation's roles and their permission matrix, under the `team` module. */
export function roleRoutes(deps: AuthDeps): Router {
  return catalogueRouter(catalogue)
    .on('getRoles', ({ ctx }) => listRoles(deps, ctx))
    .on('postRoles', ({ ctx, body }) => createRole(deps, ctx, body))
    .on('patchRolesById', ({ ctx, body, req }) => updateRole(deps, ctx, roleId(req), body))
    .on('deleteRolesById', async ({ ctx, req }) => {
      await deleteRole(deps, ctx, roleId(req))
    })
    .on('getRolesPermissions', ({ ctx, req }) => getRolePermissions(deps, ctx, roleId(req)))
    .on('putRolesPermissions', ({ ctx, body, req }) => setRolePermissions(deps, ctx, roleId(req), body)).router
}
