import { ZOrgIdParam } from '@plumbline/contracts'
import { orgContextOf, parseParams } from '@plumbline/service-kit'
import express, { type Router } from 'express'
import type { AdminDeps } from '../deps.js'
import { listActivities } from '../usecases/list-activities.js'

/** The settings Activity tab: the organisation's newest 50 entries, for any member. */
export function activityRoutes(deps: Pick<AdminDeps, 'prisma'>): Router {
  const router = express.Router()
  router.get('/organizations/:orgId/activities', async (req, res) => {
    const { orgId } = parseParams(ZOrgIdParam, req)
    const ctx = orgContextOf(res, orgId)
    res.json(await listActivities(deps.prisma, ctx.orgId))
  })
  return router
}
