import { ZLoginBody } from '@plumbline/contracts'
import { parseBody, type RequestContext } from '@plumbline/service-kit'
import express, { type Router } from 'express'
import type { AuthDeps } from '../deps.js'
import { login } from '../usecases/login.js'
import { logout } from '../usecases/logout.js'
import { clearSessionCookie, sessionIdFromCookie, setSessionCookie } from './session-cookie.js'

/** Sign-in and sign-out. */
export function sessionRoutes(deps: AuthDeps): Router {
  const router = express.Router()

  router.post('/login', async (req, res) => {
    const result = await login(deps, parseBody(ZLoginBody, req))
    setSessionCookie(res, deps.env, result.sessionId)
    res.json({ next: result.next })
  })

  // The landing page's "Start Your Free Trial" is a plain link to /api/login (spec 000 §7).
  router.get('/login', (_req, res) => {
    res.redirect(302, '/login')
  })

  router.post('/logout', async (req, res) => {
    const ctx = res.locals.ctx as RequestContext | undefined
    await logout(deps, ctx?.sessionId ?? sessionIdFromCookie(req))
    clearSessionCookie(res, deps.env)
    res.status(204).end()
  })

  return router
}
