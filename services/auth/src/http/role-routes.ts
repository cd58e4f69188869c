import { ZRoleInput, ZRolePatch, ZRolePermissionsBody } from '@plumbline/contracts'
import { orgCtx, parseBody } from '@plumbline/service-kit'
import express, { type Router } from 'express'
import type { AuthDeps } from '../deps.js'
import { roleNotFound } from '../domain/role-errors.js'
import { createRole, deleteRole, getRolePermissions, listRoles, setRolePermissions, updateRole } from '../usecases/roles.js'

const org = '/organizations/:orgId'
/** Role ids are UUIDs or `system-role-…`; anything else (a NUL byte, a path) names no role: the same 404. */
const ROLE_ID = /^[A-Za-z0-9-]{1,64}$/
function roleId(req: express.Request): string {
  const id = String(req.params.id)
  if (!ROLE_ID.test(id)) throw roleNotFound()
  return id
}

/** Spec 001 §7 Settings: an organisation's roles and their permission matrix, under the `team` module. */
export function roleRoutes(deps: AuthDeps): Router {
  const router = express.Router()
  router.get(`${org}/roles`, async (req, res) => {
    res.json(await listRoles(deps, orgCtx(res, req.params.orgId, 'team', 'access')))
  })
  router.post(`${org}/roles`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'team', 'create')
    res.status(201).json(await createRole(deps, ctx, parseBody(ZRoleInput, req)))
  })
  router.patch(`${org}/roles/:id`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'team', 'edit')
    res.json(await updateRole(deps, ctx, roleId(req), parseBody(ZRolePatch, req)))
  })
  router.delete(`${org}/roles/:id`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'team', 'delete')
    await deleteRole(deps, ctx, roleId(req))
    res.status(204).end()
  })
  router.get(`${org}/roles/:id/permissions`, async (req, res) => {
    res.json(await getRolePermissions(deps, orgCtx(res, req.params.orgId, 'team', 'access'), roleId(req)))
  })
  router.put(`${org}/roles/:id/permissions`, async (req, res) => {
    const ctx = orgCtx(res, req.params.orgId, 'team', 'edit')
    res.json(await setRolePermissions(deps, ctx, roleId(req), parseBody(ZRolePermissionsBody, req)))
  })
  return router
}
