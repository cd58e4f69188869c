import type { CurrentUser, UserOrganization } from '@plumbline/contracts'
import { readCurrentUser, type UserWithMemberships } from '../data/users-repo.js'
import type { AuthDeps } from '../deps.js'
import { notAuthenticated } from '../domain/auth-errors.js'
import { toPermissionSet } from '../domain/permissions.js'

export const toUserOrganizations = (user: UserWithMemberships): UserOrganization[] =>
  user.memberships.map((m) => ({ id: m.organization.id, name: m.organization.name, role: m.role.name, permissions: toPermissionSet(m.role.permissions) }))

/** GET /user: the signed-in user with organisations, the active (oldest membership) first. */
export async function getCurrentUser(deps: AuthDeps, userId: string): Promise<CurrentUser> {
  const user = await readCurrentUser(deps.prisma, userId)
  if (!user) throw notAuthenticated()
  return user
}
