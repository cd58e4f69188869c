import { createHash } from 'node:crypto'
import { redisKeys } from '@plumbline/contracts'

/**
 * Sessions are stored under a SHA-256 digest of the cookie value, never the value itself: whoever
 * can read Redis (a key listing, a backup, a replica) learns no session they could present.
 */
export const sessionDigest = (sessionId: string) => createHash('sha256').update(sessionId).digest('base64url')

/** The Redis key of a session, from the cookie value (auth writes it, the gateway reads it). */
export const sessionKey = (prefix: string, sessionId: string) => redisKeys.session(prefix, sessionDigest(sessionId))
