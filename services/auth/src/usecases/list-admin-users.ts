import type { AdminOrganization, AdminUser } from '@plumbline/contracts'
import { listOrganizationsWithRoles } from '../data/organizations-repo.js'
import { listSystemRoles } from '../data/roles-repo.js'
import { listLiveUsersWithOrganizations } from '../data/users-repo.js'
import type { AuthDeps } from '../deps.js'

/** GET /admin/users: every live account, newest first, with its organisations (oldest membership first). */
export async function listAdminUsers(deps: AuthDeps): Promise<AdminUser[]> {
  const users = await listLiveUsersWithOrganizations(deps.prisma)
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
  const [organizations, systemRoles] = await Promise.all([listOrganizationsWithRoles(deps.prisma), listSystemRoles(deps.prisma)])
  return organizations.map((org) => ({
    id: org.id,
    name: org.name,
    roles: [...systemRoles, ...org.roles].map((role) => ({ id: role.id, name: role.name })),
  }))
}
