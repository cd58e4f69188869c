import type { IncomingMessage } from 'node:http'
import { redisKeys, type SessionIdentity, sessionCookieName, ZSessionIdentity, ZSessionRecord } from '@plumbline/contracts'
import { sessionKey } from '@plumbline/service-kit'
import type { RedisClientType } from 'redis'
import { unavailable } from '../core/errors.js'
import { withDeadline } from '../core/with-deadline.js'
import type { GatewayEnv } from '../env.js'
import { parseCookies } from '../security/cookies.js'

export type Session = { sessionId: string; identity: SessionIdentity }
/** Asks the auth service for a user's identity when its Redis cache entry has expired. */
export type IdentityLookup = (userId: string) => Promise<SessionIdentity | null>
/** `required`: the route needs a signed-in user, so a broken Redis is a 503, not "signed out". */
export type SessionResolver = (req: IncomingMessage, required: boolean) => Promise<Session | undefined>

/** Anything else is not an id auth issued; refusing it early keeps odd bytes out of Redis keys. */
const SESSION_ID = /^[\w-]{16,256}$/

/** The stored JSON validated, or undefined. */
function jsonReader<T>(schema: { safeParse: (v: unknown) => { success: boolean; data?: T } }): (raw: string | null) => T | undefined {
  return (raw) => {
    if (!raw) return undefined
    try {
      const parsed = schema.safeParse(JSON.parse(raw))
      return parsed.success ? parsed.data : undefined
    } catch {
      return undefined
    }
  }
}

export function createSessionResolver(deps: { redis: RedisClientType; env: GatewayEnv; lookupIdentity: IdentityLookup }): SessionResolver {
  const { redis, env } = deps
  const prefix = env.REDIS_PREFIX
  const timeout = env.DEPENDENCY_TIMEOUT_MS
  const readRecord = jsonReader(ZSessionRecord)
  const readIdentity = jsonReader(ZSessionIdentity)

  /** The identity Redis holds for the user, else auth's answer. */
  async function identityOf(userId: string): Promise<SessionIdentity | undefined> {
    const cached = readIdentity(await withDeadline(() => redis.get(redisKeys.identity(prefix, userId)), timeout))
    return cached ?? (await withDeadline(() => deps.lookupIdentity(userId), timeout)) ?? undefined
  }

  async function load(sessionId: string): Promise<Session | undefined> {
    // A disconnected client would queue the command until Redis returns; fail fast instead.
    if (!redis.isReady) throw unavailable()
    const record = readRecord(await withDeadline(() => redis.get(sessionKey(prefix, sessionId)), timeout))
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
