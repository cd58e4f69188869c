import type { ServiceDeps } from '@plumbline/service-kit'
import { type LoginThrottle, loginThrottle } from './data/login-throttle.js'
import type { SessionStore } from './data/sessions.js'
import type { AuthEnv } from './env.js'
import type { PrismaClient } from './generated/prisma/client.js'
import type { Mailer } from './mail/mailer.js'

/** Everything a use case may touch: the runtime's deps plus auth's env and mailer. */
export type AuthDeps = ServiceDeps<PrismaClient> & { env: AuthEnv; mailer: Mailer }

export const sessionStore = (deps: Pick<AuthDeps, 'redis' | 'env'>): SessionStore => ({
  redis: deps.redis,
  prefix: deps.env.REDIS_PREFIX,
  ttlSeconds: deps.env.SESSION_TTL_SECONDS,
})

export const loginThrottleOf = (deps: Pick<AuthDeps, 'redis' | 'env'>): LoginThrottle =>
  loginThrottle(deps.redis, deps.env.REDIS_PREFIX, {
    freeFailures: deps.env.LOGIN_SLOWDOWN_AFTER,
    baseDelayMs: 1000,
    maxDelayMs: deps.env.LOGIN_SLOWDOWN_MAX_SECONDS * 1000,
    memoryMs: 15 * 60 * 1000,
  })
