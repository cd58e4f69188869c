import { createHmac, createSecretKey, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { CSRF_COOKIE, CSRF_HEADER, sessionCookieName } from '@plumbline/contracts'
import type { IdentitySigningKey } from '@plumbline/service-kit'
import type { RequestHandler } from 'express'
import { LRUCache } from 'lru-cache'
import { csrfFailed } from '../core/errors.js'
import { headerOf } from '../core/incoming.js'
import { parseCookies } from './cookies.js'

export const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * Signed double-submit tokens (OWASP's "signed double-submit cookie"): `<random>.<HMAC(session id,
 * random)>` once a session exists, `<random>` before (sign-in and registration). A token read or
 * planted in one session is refused in another, so a token that leaked (or was set by a sibling
 * subdomain) cannot be replayed against a victim's session. The key is derived from the
 * identity signing key the gateway already guards (no further secret to configure); rotating
 * that key re-issues tokens on the next page load.
 */
export type CsrfTokens = {
  issue(sessionId?: string): string
  /** Whether `token` belongs to `sessionId` (any token belongs to no session). */
  belongs(token: string, sessionId?: string): boolean
}

export function csrfKeyFrom(signingKey: IdentitySigningKey): Buffer {
  const d = (signingKey.key.export({ format: 'jwk' }) as { d: string }).d
  return Buffer.from(hkdfSync('sha256', Buffer.from(d, 'base64url'), 'plumbline', 'csrf-token-v1', 32))
}

/** Verdicts remembered per process; when full, the least recently used one goes (like service-kit's identity caches). */
export const CSRF_VERDICT_ENTRIES = 10_000

export function csrfTokens(key: Buffer, maxEntries = CSRF_VERDICT_ENTRIES): CsrfTokens {
  // A KeyObject made once: handing createHmac the raw bytes rebuilds one per call (~3x the HMAC).
  const secret = createSecretKey(key)
  const mac = (sessionId: string, random: string) => createHmac('sha256', secret).update(`${sessionId}\n${random}`).digest('base64url')
  // Every request through the gateway checks its cookie's token (issueCsrfCookie), and the HMAC
  // was the largest share of the hop's CPU. With one key for the life of the process a token's
  // answer for a session never changes, so a token that was proven to belong is remembered (only
  // a yes: a refused or forged token is computed, and refused, every time).
  const verified = new LRUCache<string, string>({ max: maxEntries }) // token → the session it was proven to belong to
  return {
    issue(sessionId) {
      const random = randomBytes(32).toString('base64url')
      return sessionId ? `${random}.${mac(sessionId, random)}` : random
    },
    belongs(token, sessionId) {
      if (!sessionId) return true
      if (verified.get(token) === sessionId) return true
      const [random, signature, extra] = token.split('.')
      const ok = !!random && !!signature && extra === undefined && sameSecret(signature, mac(sessionId, random))
      if (ok) verified.set(token, sessionId)
      return ok
    },
  }
}

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

export type CsrfOptions = { tokens: CsrfTokens; nodeEnv: string }

export const csrfCookie = (token: string, nodeEnv: string) => `${CSRF_COOKIE}=${token}; Path=/; SameSite=Lax${nodeEnv === 'production' ? '; Secure' : ''}`

/**
 * Issues the token as a cookie the page's script can read (not HttpOnly) and echo in a header: a
 * cross-site page can make the browser send the cookie but cannot read it. A token that does not
 * belong to the request's session (issued before sign-in, or for another session) is replaced.
 */
export function csrfCookieToIssue(cookieHeader: string | undefined, opts: CsrfOptions): string | undefined {
  const cookies = parseCookies(cookieHeader)
  const current = cookies[CSRF_COOKIE]
  const sessionId = cookies[sessionCookieName(opts.nodeEnv)]
  return current && opts.tokens.belongs(current, sessionId) ? undefined : csrfCookie(opts.tokens.issue(sessionId), opts.nodeEnv)
}

/** csrfCookieToIssue, for the pages express serves. */
export function issueCsrfCookie(opts: CsrfOptions): RequestHandler {
  return (req, res, next) => {
    const cookie = csrfCookieToIssue(req.headers.cookie, opts)
    if (cookie) res.append('Set-Cookie', cookie)
    next()
  }
}

/**
 * A response that starts or ends a session (sign-in, sign-out) carries a token for the new state
 * at once, so the page's next write does not need a read first.
 */
export function csrfCookieForSessionChange(setCookies: string[], opts: CsrfOptions): string | undefined {
  const name = `${sessionCookieName(opts.nodeEnv)}=`
  const session = setCookies.find((c) => c.startsWith(name))
  if (session === undefined) return undefined
  const value = session.slice(name.length).split(';')[0]
  const ended = value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(session)
  return csrfCookie(opts.tokens.issue(ended ? undefined : value), opts.nodeEnv)
}

/** State-changing requests must echo the cookie's token in the header, and it must belong to their session. */
export function assertCsrfToken(req: IncomingMessage, opts: CsrfOptions): void {
  const cookies = parseCookies(req.headers.cookie)
  const cookie = cookies[CSRF_COOKIE]
  const header = headerOf(req, CSRF_HEADER)
  if (!cookie || !header) throw csrfFailed('Missing CSRF token')
  if (!sameSecret(cookie, header)) throw csrfFailed('CSRF token mismatch')
  if (!opts.tokens.belongs(cookie, cookies[sessionCookieName(opts.nodeEnv)])) throw csrfFailed('CSRF token does not belong to this session')
}
