import type { AdminOrganization, AdminUser } from '@plumbline/contracts'
import type { AuthDeps } from '../deps.js'

/** GET /admin/users: every live account, newest first, with its organisations (oldest membership first). */
export async function listAdminUsers(deps: AuthDeps): Promise<AdminUser[]> {
  const users = await deps.prisma.user.findMany({
    where: { deletedAt: null },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    include: { memberships: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], include: { organization: true } } },
  })
  return users.map((user) => ({
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    systemRole: user.systemRole,
    createdAt: user.createdAt.toISOString(),
    organizations: user.memberships.map((m) => ({ organizationId: m.organizationId, organizationName: m.organization.name })),
  }))
}

/** GET /admin/organizations: every organisation with the roles a member of it may hold (system roles first). */
export async function listAdminOrganizations(deps: AuthDeps): Promise<AdminOrganization[]> {
  const [organizations, systemRoles] = await Promise.all([
    deps.prisma.organization.findMany({ orderBy: [{ name: 'asc' }, { id: 'asc' }], include: { roles: { orderBy: { name: 'asc' } } } }),
    deps.prisma.role.findMany({ where: { organizationId: null, isSystemRole: true }, orderBy: { createdAt: 'asc' } }),
  ])
  return organizations.map((org) => ({
    id: org.id,
    name: org.name,
    roles: [...systemRoles, ...org.roles].map((role) => ({ id: role.id, name: role.name })),
  }))
}
