import type { UserOrganization } from '@plumbline/contracts'
import { loadUserWithMemberships } from '../data/users-repo.js'
import type { AuthDeps } from '../deps.js'
import { notAuthenticated } from '../domain/auth-errors.js'
import { toUserOrganizations } from './get-current-user.js'

/** GET /user/organizations: the caller's organisations, active first. */
export async function listUserOrganizations(deps: AuthDeps, userId: string): Promise<UserOrganization[]> {
  const user = await loadUserWithMemberships(deps.prisma, userId)
  if (!user) throw notAuthenticated()
  return toUserOrganizations(user)
}
