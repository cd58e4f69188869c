import type { CurrentUser, UserOrganization } from '@plumbline/contracts'
import { loadUserWithMemberships, type UserWithMemberships } from '../data/user-directory.js'
import type { AuthDeps } from '../deps.js'
import { notAuthenticated } from '../domain/auth-errors.js'

export const toUserOrganizations = (user: UserWithMemberships): UserOrganization[] =>
  user.memberships.map((m) => ({ id: m.organization.id, name: m.organization.name, role: m.role.name }))

/** GET /user: the signed-in user with organisations, the active (oldest) one first. */
export async function getCurrentUser(deps: AuthDeps, userId: string): Promise<CurrentUser> {
  const user = await loadUserWithMemberships(deps.prisma, userId)
  if (!user) throw notAuthenticated()
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    systemRole: user.systemRole,
    emailVerified: user.emailVerifiedAt !== null,
    requirePasswordReset: user.requirePasswordReset,
    organizations: toUserOrganizations(user),
  }
}
