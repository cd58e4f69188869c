import type { Role, RoleInput, RolePatch, RolePermission } from '@plumbline/contracts'
import { inTransaction, type OrgContext } from '@plumbline/service-kit'
import { invalidateIdentity } from '../data/identity-cache.js'
import {
  createOrgRole,
  deleteOrgRole,
  findVisibleRole,
  membersHolding,
  permissionsOf,
  replacePermissions,
  roleNameTaken,
  rolesVisibleTo,
  updateOrgRole,
} from '../data/roles-repo.js'
import type { AuthDeps } from '../deps.js'
import { beyondActor } from '../domain/permissions.js'
import * as errors from '../domain/role-errors.js'

type Deps = Pick<AuthDeps, 'prisma' | 'redis' | 'env'>

const toRole = (r: { id: string; name: string; description: string | null; isSystemRole: boolean; memberCount: number }): Role => ({
  id: r.id,
  name: r.name,
  description: r.description,
  isSystemRole: r.isSystemRole,
  memberCount: r.memberCount,
})

export async function listRoles(deps: Deps, ctx: OrgContext): Promise<Role[]> {
  return (await rolesVisibleTo(deps.prisma, ctx.orgId)).map(toRole)
}

/** A custom role of this organisation (system roles and other organisations' roles are refused). */
async function ownRole(deps: Deps, ctx: OrgContext, roleId: string, systemError = errors.systemRoleReadOnly) {
  const role = await findVisibleRole(deps.prisma, ctx.orgId, roleId)
  if (!role) throw errors.roleNotFound()
  if (role.isSystemRole) throw systemError()
  return role
}

export async function createRole(deps: Deps, ctx: OrgContext, input: RoleInput): Promise<Role> {
  if (await roleNameTaken(deps.prisma, ctx.orgId, input.name)) throw errors.roleNameTaken()
  const role = await createOrgRole(deps.prisma, ctx.orgId, { name: input.name, description: input.description ?? null })
  return toRole({ ...role, memberCount: 0 })
}

export async function updateRole(deps: Deps, ctx: OrgContext, roleId: string, patch: RolePatch): Promise<Role> {
  await ownRole(deps, ctx, roleId)
  if (patch.name !== undefined && (await roleNameTaken(deps.prisma, ctx.orgId, patch.name, roleId))) throw errors.roleNameTaken()
  const updated = await updateOrgRole(deps.prisma, ctx.orgId, roleId, { name: patch.name, description: patch.description })
  const holders = await membersHolding(deps.prisma, ctx.orgId, roleId)
  // Identities carry the role's name: the holders' next request shows the new one.
  await invalidateIdentity(deps.redis, deps.env.REDIS_PREFIX, ...holders.map((h) => h.userId))
  return toRole({ ...updated, memberCount: holders.length })
}

export async function deleteRole(deps: Deps, ctx: OrgContext, roleId: string): Promise<void> {
  await ownRole(deps, ctx, roleId)
  const holders = await membersHolding(deps.prisma, ctx.orgId, roleId)
  if (holders.length) throw errors.roleInUse(holders.length)
  await deleteOrgRole(deps.prisma, ctx.orgId, roleId)
}

export async function getRolePermissions(deps: Deps, ctx: OrgContext, roleId: string): Promise<RolePermission[]> {
  const role = await findVisibleRole(deps.prisma, ctx.orgId, roleId)
  if (!role) throw errors.roleNotFound()
  return permissionsOf(deps.prisma, roleId)
}

/**
 * Replaces the matrix; members holding the role get it on their next request (identity cache
 * dropped). Nobody grants what they do not hold: a matrix beyond the actor's own rights is
 * refused, and so is any change to a role that already carries more (Owners excepted).
 */
export async function setRolePermissions(deps: Deps, ctx: OrgContext, roleId: string, rows: RolePermission[]): Promise<RolePermission[]> {
  await ownRole(deps, ctx, roleId, errors.systemPermissionsReadOnly)
  const granted = beyondActor(ctx, rows)
  if (granted.length) throw errors.grantBeyondOwn(granted)
  const held = beyondActor(ctx, await permissionsOf(deps.prisma, roleId))
  if (held.length) throw errors.roleBeyondOwn(held)
  const holders = await inTransaction(deps, (tx) => replacePermissions(tx, ctx.orgId, roleId, rows))
  await invalidateIdentity(deps.redis, deps.env.REDIS_PREFIX, ...holders)
  return permissionsOf(deps.prisma, roleId)
}
