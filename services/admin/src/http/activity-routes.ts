import { ZActivityQuery, ZOrgIdParam } from '@plumbline/contracts'
import { orgContextOf, parseParams, parseQuery } from '@plumbline/service-kit'
import express, { type Router } from 'express'
import type { AdminDeps } from '../deps.js'
import { listActivities } from '../usecases/list-activities.js'

/** The settings Activity tab: one page (?page=1&limit=50) of the organisation's feed, for any member. */
export function activityRoutes(deps: Pick<AdminDeps, 'prisma'>): Router {
  const router = express.Router()
  router.get('/organizations/:orgId/activities', async (req, res) => {
    const { orgId } = parseParams(ZOrgIdParam, req)
    const ctx = orgContextOf(res, orgId)
    const query = parseQuery(ZActivityQuery, req)
    res.json(await listActivities(deps.prisma, ctx.orgId, query))
  })
  return router
}
