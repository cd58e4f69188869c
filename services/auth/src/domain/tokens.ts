import { createHash, randomBytes } from 'node:crypto'

/** 256 random bits, URL-safe: mailed to the user, never stored. */
export const generateToken = () => randomBytes(32).toString('base64url')

/** What the database keeps: a leaked table cannot be replayed as links. */
export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex')

/** Session ids are the same strength as tokens; they live only in Redis. */
export const generateSessionId = () => randomBytes(32).toString('base64url')
