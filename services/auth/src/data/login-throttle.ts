import { createHash } from 'node:crypto'
import { redisKeys } from '@plumbline/contracts'
import type { RedisClientType } from 'redis'

export type LoginThrottleSettings = {
  /** Failed sign-ins an address gets at full speed. */
  freeFailures: number
  /** The wait after the first slowed failure; it doubles with each further one, up to maxDelayMs. */
  baseDelayMs: number
  maxDelayMs: number
  /** Failures are forgotten this long after the last one (and at once by a success). */
  memoryMs: number
}

export type LoginThrottle = {
  /** Milliseconds the caller must still wait before this address may try again (0: go ahead). */
  claimAttempt: (email: string) => Promise<number>
  recordFailure: (email: string) => Promise<void>
  recordSuccess: (email: string) => Promise<void>
}

// Atomic, so parallel guesses cannot all slip through before the first failure is counted:
// once the address is in slow-down, an allowed attempt books the next slot before it runs.
const CLAIM = `
local failures = tonumber(redis.call('HGET', KEYS[1], 'f') or '0')
local nextAt = tonumber(redis.call('HGET', KEYS[1], 'n') or '0')
local now = tonumber(ARGV[1])
if now < nextAt then return nextAt - now end
local free = tonumber(ARGV[2])
if failures >= free then
  local delay = math.min(tonumber(ARGV[3]) * 2 ^ (failures - free), tonumber(ARGV[4]))
  redis.call('HSET', KEYS[1], 'n', now + delay)
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
end
return 0
`

/**
 * Per-account sign-in slow-down (beside the gateway's per-IP limit). After a few failures each
 * further attempt on that address must wait a doubling delay, capped: a distributed guesser gets
 * a handful of tries a minute per account however many addresses it uses, while the owner is never
 * locked out for longer than the cap. Keyed by a hash of the address, known or not, so the
 * answers reveal nothing about which accounts exist.
 */
export function loginThrottle(redis: RedisClientType, prefix: string, settings: LoginThrottleSettings): LoginThrottle {
  const keyOf = (email: string) => redisKeys.rateLimit(prefix, 'login-account', createHash('sha256').update(email.trim().toLowerCase()).digest('base64url'))
  return {
    claimAttempt: async (email) =>
      Number(
        await redis.eval(CLAIM, {
          keys: [keyOf(email)],
          arguments: [String(Date.now()), String(settings.freeFailures), String(settings.baseDelayMs), String(settings.maxDelayMs), String(settings.memoryMs)],
        }),
      ),
    recordFailure: async (email) => {
      const key = keyOf(email)
      await redis.multi().hIncrBy(key, 'f', 1).pExpire(key, settings.memoryMs).exec()
    },
    recordSuccess: async (email) => {
      await redis.del(keyOf(email))
    },
  }
}
