import { PERMISSION_MODULES, type RolePermission } from '@plumbline/contracts'
import type { PrismaClient } from '../generated/prisma/client.js'

/**
 * An organisation's view of roles: the system roles (no organisation) and its own. Every
 * function takes the organisation first; another organisation's role is simply not found.
 */
export async function rolesVisibleTo(prisma: PrismaClient, orgId: string) {
  const roles = await prisma.role.findMany({
    where: { OR: [{ organizationId: null, isSystemRole: true }, { organizationId: orgId }] },
    orderBy: [{ isSystemRole: 'desc' }, { createdAt: 'asc' }],
  })
  const counts = await prisma.membership.groupBy({ by: ['roleId'], where: { organizationId: orgId }, _count: { _all: true } })
  const held = new Map(counts.map((c) => [c.roleId, c._count._all]))
  return roles.map((r) => ({ ...r, memberCount: held.get(r.id) ?? 0 }))
}

export function findVisibleRole(prisma: PrismaClient, orgId: string, roleId: string) {
  return prisma.role.findFirst({ where: { id: roleId, OR: [{ organizationId: null, isSystemRole: true }, { organizationId: orgId }] } })
}

/** Whether the name is taken in this organisation, by one of its roles or a system role. */
export async function roleNameTaken(prisma: PrismaClient, orgId: string, name: string, exceptId?: string): Promise<boolean> {
  const found = await prisma.role.findFirst({
    where: {
      name: { equals: name, mode: 'insensitive' },
      OR: [{ organizationId: null, isSystemRole: true }, { organizationId: orgId }],
      ...(exceptId ? { NOT: { id: exceptId } } : {}),
    },
    select: { id: true },
  })
  return !!found
}

export function createOrgRole(prisma: PrismaClient, orgId: string, input: { name: string; description: string | null }) {
  return prisma.role.create({
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

export function updateOrgRole(prisma: PrismaClient, orgId: string, roleId: string, data: { name?: string; description?: string | null }) {
  return prisma.role.update({ where: { id: roleId, organizationId: orgId }, data })
}

export const membersHolding = (prisma: PrismaClient, orgId: string, roleId: string) =>
  prisma.membership.findMany({ where: { organizationId: orgId, roleId }, select: { userId: true } })

export async function deleteOrgRole(prisma: PrismaClient, orgId: string, roleId: string) {
  await prisma.role.delete({ where: { id: roleId, organizationId: orgId } })
}

export async function permissionsOf(prisma: Pick<PrismaClient, 'rolePermission'>, roleId: string): Promise<RolePermission[]> {
  const rows = await prisma.rolePermission.findMany({ where: { roleId } })
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

/** Replaces the matrix in one transaction and names the members whose identities changed. */
export async function replacePermissions(prisma: PrismaClient, orgId: string, roleId: string, rows: RolePermission[]): Promise<string[]> {
  return prisma.$transaction(async (tx) => {
    await tx.rolePermission.deleteMany({ where: { roleId } })
    await tx.rolePermission.createMany({ data: rows.map((r) => ({ roleId, ...r })) })
    const holders = await tx.membership.findMany({ where: { organizationId: orgId, roleId }, select: { userId: true } })
    return holders.map((h) => h.userId)
  })
}
