import { SESSION_COOKIE } from '@plumbline/contracts'
import type { Request, Response } from 'express'
import type { AuthEnv } from '../env.js'

const cookieOptions = (env: AuthEnv) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  path: '/',
  secure: env.NODE_ENV === 'production',
})

/** HttpOnly + SameSite=Lax (DESIGN §3); Secure wherever the app is served over HTTPS. */
export function setSessionCookie(res: Response, env: AuthEnv, sessionId: string): void {
  res.cookie(SESSION_COOKIE, sessionId, { ...cookieOptions(env), maxAge: env.SESSION_TTL_SECONDS * 1000 })
}

export function clearSessionCookie(res: Response, env: AuthEnv): void {
  res.clearCookie(SESSION_COOKIE, cookieOptions(env))
}

/** The raw cookie, for logout when the gateway did not forward an identity (expired session). */
export function sessionIdFromCookie(req: Request): string | undefined {
  for (const part of (req.header('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) {
      const value = part.slice(eq + 1).trim()
      return /^[\w-]{16,128}$/.test(value) ? value : undefined
    }
  }
  return undefined
}
