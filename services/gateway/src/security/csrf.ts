import { randomBytes, timingSafeEqual } from 'node:crypto'
import { CSRF_COOKIE, CSRF_HEADER } from '@plumbline/contracts'
import type { Request, RequestHandler } from 'express'
import { csrfFailed } from '../http/errors.js'
import { parseCookies } from './cookies.js'

export const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * Issues the double-submit token: a cookie the page's script can read (not HttpOnly) and echo
 * in a header. A cross-site page can make the browser send the cookie but cannot read it.
 */
export function issueCsrfCookie(opts: { secure: boolean }): RequestHandler {
  return (req, res, next) => {
    if (!parseCookies(req.headers.cookie)[CSRF_COOKIE]) {
      const token = randomBytes(32).toString('base64url')
      const secure = opts.secure ? '; Secure' : ''
      res.append('Set-Cookie', `${CSRF_COOKIE}=${token}; Path=/; SameSite=Lax${secure}`)
    }
    next()
  }
}

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** State-changing requests must echo the cookie's token in the header. */
export function assertCsrfToken(req: Request): void {
  const cookie = parseCookies(req.headers.cookie)[CSRF_COOKIE]
  const header = req.get(CSRF_HEADER)
  if (!cookie || !header) throw csrfFailed('Missing CSRF token')
  if (!sameSecret(cookie, header)) throw csrfFailed('CSRF token mismatch')
}
