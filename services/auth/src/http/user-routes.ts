import { contextOf } from '@plumbline/service-kit'
import express, { type Router } from 'express'
import type { AuthDeps } from '../deps.js'
import { getCurrentUser } from '../usecases/get-current-user.js'
import { listUserOrganizations } from '../usecases/list-user-organizations.js'

/** The signed-in user; 401 when the gateway forwarded no identity. */
export function userRoutes(deps: AuthDeps): Router {
  const router = express.Router()

  // Spec 000 reads /api/user, spec 001 /api/auth/user: the same answer.
  router.get(['/user', '/auth/user'], async (_req, res) => {
    res.json(await getCurrentUser(deps, contextOf(res).userId))
  })

  router.get('/user/organizations', async (_req, res) => {
    res.json(await listUserOrganizations(deps, contextOf(res).userId))
  })

  return router
}
