import { PERMISSION_MODULES, type RolePermission } from '@plumbline/contracts'
import type { Db, Tx } from './db.js'

/**
 * An organisation's view of roles: the system roles (no organisation) and its own. Every
 * function takes the organisation first; another organisation's role is simply not found.
 */
export async function rolesVisibleTo(db: Db, orgId: string) {
  const roles = await db.role.findMany({
    where: { OR: [{ organizationId: null, isSystemRole: true }, { organizationId: orgId }] },
    orderBy: [{ isSystemRole: 'desc' }, { createdAt: 'asc' }],
  })
  const counts = await db.membership.groupBy({ by: ['roleId'], where: { organizationId: orgId }, _count: { _all: true } })
  const held = new Map(counts.map((c) => [c.roleId, c._count._all]))
  return roles.map((r) => ({ ...r, memberCount: held.get(r.id) ?? 0 }))
}

export function findVisibleRole(db: Db, orgId: string, roleId: string) {
  return db.role.findFirst({ where: { id: roleId, OR: [{ organizationId: null, isSystemRole: true }, { organizationId: orgId }] } })
}

/** Whether the name is taken in this organisation, by one of its roles or a system role. */
export async function roleNameTaken(db: Db, orgId: string, name: string, exceptId?: string): Promise<boolean> {
  const found = await db.role.findFirst({
    where: {
      name: { equals: name, mode: 'insensitive' },
      OR: [{ organizationId: null, isSystemRole: true }, { organizationId: orgId }],
      ...(exceptId ? { NOT: { id: exceptId } } : {}),
    },
    select: { id: true },
  })
  return !!found
}

export function createOrgRole(db: Db, orgId: string, input: { name: string; description: string | null }) {
  return db.role.create({
    data: {
      organizationId: orgId,
      name: input.name,
      description: input.description,
      isSystemRole: false,
      // A new role can do nothing until its matrix is set.
      permissions: { create: PERMISSION_MODULES.map((module) => ({ module })) },
    },
  })
}

export function updateOrgRole(db: Db, orgId: string, roleId: string, data: { name?: string; description?: string | null }) {
  return db.role.update({ where: { id: roleId, organizationId: orgId }, data })
}

export const membersHolding = (db: Db, orgId: string, roleId: string) =>
  db.membership.findMany({ where: { organizationId: orgId, roleId }, select: { userId: true } })

export async function deleteOrgRole(db: Db, orgId: string, roleId: string) {
  await db.role.delete({ where: { id: roleId, organizationId: orgId } })
}

export async function permissionsOf(db: Db, roleId: string): Promise<RolePermission[]> {
  const rows = await db.rolePermission.findMany({ where: { roleId } })
  const byModule = new Map(rows.map((r) => [r.module, r]))
  return PERMISSION_MODULES.map((module) => {
    const r = byModule.get(module)
    return {
      module,
      canAccess: r?.canAccess ?? false,
      canCreate: r?.canCreate ?? false,
      canEdit: r?.canEdit ?? false,
      canDelete: r?.canDelete ?? false,
      canShare: r?.canShare ?? false,
    }
  })
}

/** Replaces the matrix (inside the caller's transaction) and names the members whose identities changed. */
export async function replacePermissions(tx: Tx, orgId: string, roleId: string, rows: RolePermission[]): Promise<string[]> {
  await tx.rolePermission.deleteMany({ where: { roleId } })
  await tx.rolePermission.createMany({ data: rows.map((r) => ({ roleId, ...r })) })
  const holders = await membersHolding(tx, orgId, roleId)
  return holders.map((h) => h.userId)
}

/** The system roles (no organisation), oldest first. */
export const listSystemRoles = (db: Db) => db.role.findMany({ where: { organizationId: null, isSystemRole: true }, orderBy: { createdAt: 'asc' } })

/** Makes one system role and its matrix what the code says (seeding on every start). */
export async function upsertSystemRole(tx: Tx, role: { id: string; name: string; description: string }, permissions: RolePermission[]): Promise<void> {
  const { id, name, description } = role
  await tx.role.upsert({
    where: { id },
    create: { id, name, description, isSystemRole: true, organizationId: null },
    update: { name, description, isSystemRole: true },
  })
  for (const flags of permissions) {
    await tx.rolePermission.upsert({ where: { roleId_module: { roleId: id, module: flags.module } }, create: { roleId: id, ...flags }, update: flags })
  }
}
