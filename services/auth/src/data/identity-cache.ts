import { redisKeys, type SessionIdentity } from '@plumbline/contracts'
import type { RedisClientType } from 'redis'

/** Short enough that a missed invalidation heals itself quickly. */
export const IDENTITY_CACHE_TTL_SECONDS = 300

export async function cacheIdentity(redis: RedisClientType, prefix: string, identity: SessionIdentity): Promise<void> {
  await redis.set(redisKeys.identity(prefix, identity.userId), JSON.stringify(identity), { EX: IDENTITY_CACHE_TTL_SECONDS })
}

/**
 * Call whenever a user's memberships, roles, role permissions, system role or existence change:
 * the gateway then asks auth again instead of trusting a stale cached identity.
 */
export async function invalidateIdentity(redis: RedisClientType, prefix: string, ...userIds: string[]): Promise<void> {
  if (!userIds.length) return
  await redis.del(userIds.map((id) => redisKeys.identity(prefix, id)))
}
