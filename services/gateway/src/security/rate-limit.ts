import { redisKeys } from '@plumbline/contracts'
import type { RedisClientType } from 'redis'
import { rateLimited, unavailable } from '../core/errors.js'
import { withDeadline } from '../core/with-deadline.js'
import type { GatewayEnv } from '../env.js'
import type { RateLimitPolicy, RouteEntry } from '../routes/route-table.js'

export type RateLimiter = (rule: NonNullable<RouteEntry['rateLimit']>, clientKey: string) => Promise<void>

const LIMIT_SETTING = {
  login: 'RATE_LIMIT_LOGIN',
  account: 'RATE_LIMIT_ACCOUNT',
  'public-estimate': 'RATE_LIMIT_PUBLIC_ESTIMATE',
  ai: 'RATE_LIMIT_AI',
} as const satisfies Record<RateLimitPolicy, keyof GatewayEnv>
const limitOf = (policy: RateLimitPolicy, env: GatewayEnv) => env[LIMIT_SETTING[policy]]

/**
 * Fixed-window counters in Redis, shared by every gateway replica. The window index is part of
 * the key, so each window starts from zero without a read-modify-write. When Redis cannot be
 * reached the limited routes answer 503 rather than go unprotected.
 */
export function createRateLimiter(redis: RedisClientType, env: GatewayEnv): RateLimiter {
  const windowMs = env.RATE_LIMIT_WINDOW_SECONDS * 1000
  return async (rule, clientKey) => {
    if (!redis.isReady) throw unavailable()
    const now = Date.now()
    const window = Math.floor(now / windowMs)
    const key = redisKeys.rateLimit(env.REDIS_PREFIX, rule.bucket, `${clientKey}:${window}`)
    const [count] = await withDeadline(
      () =>
        redis
          .multi()
          .incr(key)
          .expire(key, env.RATE_LIMIT_WINDOW_SECONDS + 1)
          .exec() as Promise<unknown[]>,
      env.DEPENDENCY_TIMEOUT_MS,
    )
    if (Number(count) > limitOf(rule.policy, env)) {
      throw rateLimited(Math.max(1, Math.ceil(((window + 1) * windowMs - now) / 1000)))
    }
  }
}
