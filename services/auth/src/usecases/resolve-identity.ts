import type { SessionIdentity } from '@plumbline/contracts'
import { cacheIdentity, invalidateIdentity } from '../data/identity-cache.js'
import { loadUserWithMemberships } from '../data/users-repo.js'
import type { AuthDeps } from '../deps.js'
import { toPermissionSet } from '../domain/permissions.js'

/**
 * What the gateway needs to sign identity tokens for a user, cached in Redis for 300 s. A user
 * who no longer exists (or was deleted) resolves to null and leaves no cache entry behind.
 */
export async function resolveIdentity(deps: Pick<AuthDeps, 'prisma' | 'redis' | 'env'>, userId: string): Promise<SessionIdentity | null> {
  const user = await loadUserWithMemberships(deps.prisma, userId)
  if (!user) {
    await invalidateIdentity(deps.redis, deps.env.REDIS_PREFIX, userId)
    return null
  }
  const identity: SessionIdentity = {
    userId: user.id,
    email: user.email,
    systemRole: user.systemRole,
    memberships: user.memberships.map((m) => ({
      orgId: m.organization.id,
      orgName: m.organization.name,
      role: m.role.name,
      permissions: toPermissionSet(m.role.permissions),
    })),
  }
  await cacheIdentity(deps.redis, deps.env.REDIS_PREFIX, identity)
  return identity
}
