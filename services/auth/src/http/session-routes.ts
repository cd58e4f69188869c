import { authRoutes as catalogue } from '@plumbline/contracts/api-routes'
import { catalogueRouter } from '@plumbline/service-kit'
import type { Router } from 'express'
import type { AuthDeps } from '../deps.js'
import { login } from '../usecases/login.js'
import { logout } from '../usecases/logout.js'
import { clearSessionCookie, sessionIdFromCookie, setSessionCookie } from './session-cookie.js'

/** Sign-in and sign-out. */
export function sessionRoutes(deps: AuthDeps): Router {
  return (
    catalogueRouter(catalogue)
      .on('postLogin', async ({ body, res }) => {
        const result = await login(deps, body)
        setSessionCookie(res, deps.env, result.sessionId)
        return { next: result.next }
      })
      // The landing page's "Start Your Free Trial" is a plain link to /api/login (spec 000 §7).
      .on('getLogin', ({ res }) => {
        res.redirect(302, '/login')
      })
      .on('postLogout', async ({ ctx, req, res }) => {
        await logout(deps, ctx?.sessionId ?? sessionIdFromCookie(req, deps.env))
        clearSessionCookie(res, deps.env)
      }).router
  )
}
