import { redisKeys, type SessionIdentity, sessionCookieName, ZSessionIdentity, ZSessionRecord } from '@plumbline/contracts'
import { sessionKey } from '@plumbline/service-kit'
import type { Request } from 'express'
import type { RedisClientType } from 'redis'
import type { GatewayEnv } from '../env.js'
import { unavailable } from '../http/errors.js'
import { withDeadline } from '../http/with-deadline.js'
import { parseCookies } from '../security/cookies.js'

export type Session = { sessionId: string; identity: SessionIdentity }
/** Asks the auth service for a user's identity when its Redis cache entry has expired. */
export type IdentityLookup = (userId: string) => Promise<SessionIdentity | null>
/** `required`: the route needs a signed-in user, so a broken Redis is a 503, not "signed out". */
export type SessionResolver = (req: Request, required: boolean) => Promise<Session | undefined>

/** Anything else is not an id auth issued; refusing it early keeps odd bytes out of Redis keys. */
const SESSION_ID = /^[\w-]{16,256}$/

/**
 * A pure function's recent answers, bounded and cleared when full (like service-kit's identity
 * caches). Every request resolves its session; what repeats per browser is kept, what Redis
 * says is still read every time (its tracking is what makes sign-out and role changes immediate).
 */
function remembered<V>(compute: (input: string) => V, limit = 10_000): (input: string) => V {
  const answers = new Map<string, V>()
  return (input) => {
    if (answers.has(input)) return answers.get(input) as V
    const answer = compute(input)
    if (answers.size >= limit) answers.clear()
    answers.set(input, answer)
    return answer
  }
}

/** The stored JSON validated, or undefined; remembered per stored text (the answers are read-only). */
function jsonReader<T>(schema: { safeParse: (v: unknown) => { success: boolean; data?: T } }): (raw: string | null) => T | undefined {
  const parse = remembered((raw: string): T | undefined => {
    try {
      const parsed = schema.safeParse(JSON.parse(raw))
      return parsed.success ? parsed.data : undefined
    } catch {
      return undefined
    }
  })
  return (raw) => (raw ? parse(raw) : undefined)
}

export function createSessionResolver(deps: { redis: RedisClientType; env: GatewayEnv; lookupIdentity: IdentityLookup }): SessionResolver {
  const { redis, env } = deps
  const prefix = env.REDIS_PREFIX
  const timeout = env.DEPENDENCY_TIMEOUT_MS
  const readRecord = jsonReader(ZSessionRecord)
  const readIdentity = jsonReader(ZSessionIdentity)
  // A SHA-256 of the cookie per request, the same for every request of a browser. Holding recent
  // cookie values in memory gives away nothing new: this process holds the identity signing key.
  const keyOf = remembered((sessionId: string) => sessionKey(prefix, sessionId))

  async function identityOf(userId: string): Promise<SessionIdentity | undefined> {
    const cached = readIdentity(await withDeadline(() => redis.get(redisKeys.identity(prefix, userId)), timeout))
    if (cached) return cached
    return (await withDeadline(() => deps.lookupIdentity(userId), timeout)) ?? undefined
  }

  async function load(sessionId: string): Promise<Session | undefined> {
    // A disconnected client would queue the command until Redis returns; fail fast instead.
    if (!redis.isReady) throw unavailable()
    const record = readRecord(await withDeadline(() => redis.get(keyOf(sessionId)), timeout))
    if (!record) return undefined
    const identity = await identityOf(record.userId)
    // A deleted user, or a cache entry for someone else, is no session at all.
    if (!identity || identity.userId !== record.userId) return undefined
    return { sessionId, identity }
  }

  return async (req, required) => {
    const sessionId = parseCookies(req.headers.cookie)[sessionCookieName(env.NODE_ENV)]
    if (!sessionId || !SESSION_ID.test(sessionId)) return undefined
    try {
      return await load(sessionId)
    } catch (err) {
      if (required) throw err
      // Public routes still work (anonymously) while Redis or auth is unreachable.
      return undefined
    }
  }
}
