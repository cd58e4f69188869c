import type { IncomingMessage } from 'node:http'
import { redisKeys, type SessionIdentity, sessionCookieName, ZSessionIdentity, ZSessionRecord } from '@plumbline/contracts'
import { sessionKey } from '@plumbline/service-kit'
import type { RedisClientType } from 'redis'
import type { GatewayEnv } from '../env.js'
import { unavailable } from '../http/errors.js'
import { withDeadline } from '../http/with-deadline.js'
import { parseCookies } from '../security/cookies.js'

export type Session = { sessionId: string; identity: SessionIdentity }
/** Asks the auth service for a user's identity when its Redis cache entry has expired. */
export type IdentityLookup = (userId: string) => Promise<SessionIdentity | null>
/** `required`: the route needs a signed-in user, so a broken Redis is a 503, not "signed out". */
export type SessionResolver = (req: IncomingMessage, required: boolean) => Promise<Session | undefined>

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

type SessionMemo = {
  get(sessionKeyName: string): Session | undefined
  /** Kept only if no invalidation arrived since `epoch` (a change may have crossed the reads). */
  set(sessionKeyName: string, identityKey: string, session: Session, epoch: number): void
  epoch(): number
}

/**
 * Resolved sessions, answered synchronously on the next request of the same browser. Reading
 * both keys through the client-side cache still cost a command, a structured clone and two
 * deadline timers per key (~15 µs of the hop's CPU). Freshness comes from the same place as the
 * cache's: Redis tracking on the session connection reports every change to a key this process
 * read (sign-out deletes the session key, a role or membership change rewrites the identity
 * key, expiry too), and each report drops the sessions read from that key. A lost connection
 * loses the reports, so every connection event forgets everything, and an entry lives no longer
 * than the client-side cache's bound (app.ts SESSION_READ_CACHE) in any case.
 */
function sessionMemo(redis: RedisClientType, bounds: { ttlMs: number; maxEntries: number }): SessionMemo {
  const entries = new Map<string, { session: Session; keys: [string, string]; until: number }>()
  const readFrom = new Map<string, Set<string>>() // a Redis key → the session keys resolved from it
  let epoch = 0
  const forgetAll = () => {
    epoch++
    entries.clear()
    readFrom.clear()
  }
  const forget = (sessionKeyName: string) => {
    const entry = entries.get(sessionKeyName)
    if (!entry) return
    entries.delete(sessionKeyName)
    for (const key of entry.keys) readFrom.get(key)?.delete(sessionKeyName)
  }
  redis.clientSideCache?.on('invalidate', (key: Buffer | string | null) => {
    if (key === null) return forgetAll()
    epoch++
    const name = key.toString()
    for (const sessionKeyName of readFrom.get(name) ?? []) forget(sessionKeyName)
    readFrom.delete(name)
  })
  for (const event of ['error', 'end', 'reconnecting', 'ready']) redis.on(event, forgetAll)
  return {
    get(sessionKeyName) {
      const entry = entries.get(sessionKeyName)
      if (!entry) return undefined
      if (entry.until > Date.now()) return entry.session
      forget(sessionKeyName)
      return undefined
    },
    set(sessionKeyName, identityKey, session, at) {
      if (at !== epoch) return
      if (entries.size >= bounds.maxEntries) forgetAll()
      forget(sessionKeyName)
      entries.set(sessionKeyName, { session, keys: [sessionKeyName, identityKey], until: Date.now() + bounds.ttlMs })
      for (const key of [sessionKeyName, identityKey]) {
        const sessions = readFrom.get(key) ?? new Set<string>()
        readFrom.set(key, sessions.add(sessionKeyName))
      }
    },
    epoch: () => epoch,
  }
}

export function createSessionResolver(deps: {
  redis: RedisClientType
  env: GatewayEnv
  lookupIdentity: IdentityLookup
  /** The bounds of `redis`'s client-side cache; resolved sessions are remembered within them. */
  cachedReads?: { ttlMs: number; maxEntries: number }
}): SessionResolver {
  const { redis, env } = deps
  const prefix = env.REDIS_PREFIX
  const timeout = env.DEPENDENCY_TIMEOUT_MS
  const readRecord = jsonReader(ZSessionRecord)
  const readIdentity = jsonReader(ZSessionIdentity)
  // A SHA-256 of the cookie per request, the same for every request of a browser. Holding recent
  // cookie values in memory gives away nothing new: this process holds the identity signing key.
  const keyOf = remembered((sessionId: string) => sessionKey(prefix, sessionId))
  const memo = redis.clientSideCache && deps.cachedReads && sessionMemo(redis, deps.cachedReads)

  /** The identity and whether it came from Redis (only then does tracking report its changes). */
  async function identityOf(userId: string): Promise<{ identity?: SessionIdentity; tracked: boolean }> {
    const cached = readIdentity(await withDeadline(() => redis.get(redisKeys.identity(prefix, userId)), timeout))
    if (cached) return { identity: cached, tracked: true }
    return { identity: (await withDeadline(() => deps.lookupIdentity(userId), timeout)) ?? undefined, tracked: false }
  }

  async function load(sessionId: string): Promise<Session | undefined> {
    // A disconnected client would queue the command until Redis returns; fail fast instead.
    if (!redis.isReady) throw unavailable()
    const key = keyOf(sessionId)
    const known = memo?.get(key)
    if (known) return known
    const epoch = memo?.epoch()
    const record = readRecord(await withDeadline(() => redis.get(key), timeout))
    if (!record) return undefined
    const { identity, tracked } = await identityOf(record.userId)
    // A deleted user, or a cache entry for someone else, is no session at all.
    if (!identity || identity.userId !== record.userId) return undefined
    const session = { sessionId, identity }
    if (tracked && epoch !== undefined) memo?.set(key, redisKeys.identity(prefix, record.userId), session, epoch)
    return session
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
