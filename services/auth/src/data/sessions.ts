import { redisKeys, type SessionRecord, ZSessionRecord } from '@plumbline/contracts'
import type { RedisClientType } from 'redis'
import { generateSessionId } from '../domain/tokens.js'

export type SessionStore = { redis: RedisClientType; prefix: string; ttlSeconds: number }

/**
 * Sessions live only in Redis (DESIGN §3): the gateway reads `session:<sid>`; the per-user set
 * lets password changes and deletions revoke every session of a user at once.
 */
export async function createSession(store: SessionStore, userId: string): Promise<string> {
  const sessionId = generateSessionId()
  const record: SessionRecord = { userId, createdAt: new Date().toISOString() }
  const setKey = redisKeys.userSessions(store.prefix, userId)
  await store.redis
    .multi()
    .set(redisKeys.session(store.prefix, sessionId), JSON.stringify(record), { EX: store.ttlSeconds })
    .sAdd(setKey, sessionId)
    .expire(setKey, store.ttlSeconds)
    .exec()
  return sessionId
}

export async function readSession(store: SessionStore, sessionId: string): Promise<SessionRecord | null> {
  const raw = await store.redis.get(redisKeys.session(store.prefix, sessionId))
  if (!raw) return null
  const parsed = ZSessionRecord.safeParse(JSON.parse(raw))
  return parsed.success ? parsed.data : null
}

/** Deletes one session; returns the user it belonged to (if it still existed). */
export async function deleteSession(store: SessionStore, sessionId: string): Promise<string | null> {
  const record = await readSession(store, sessionId)
  await store.redis.del(redisKeys.session(store.prefix, sessionId))
  if (record) await store.redis.sRem(redisKeys.userSessions(store.prefix, record.userId), sessionId)
  return record?.userId ?? null
}

/** Revokes every session of a user except `keep` (the caller's own, when changing a password). */
export async function revokeUserSessions(store: SessionStore, userId: string, keep?: string): Promise<number> {
  const setKey = redisKeys.userSessions(store.prefix, userId)
  const ids = (await store.redis.sMembers(setKey)).filter((id) => id !== keep)
  if (!ids.length) return 0
  await store.redis
    .multi()
    .del(ids.map((id) => redisKeys.session(store.prefix, id)))
    .sRem(setKey, ids)
    .exec()
  return ids.length
}
