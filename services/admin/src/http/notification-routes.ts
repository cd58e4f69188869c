import { ZDueTodayBody, ZNotificationListQuery, ZOrgIdParam, ZReadAllNotificationsBody } from '@plumbline/contracts'
import { orgContextOf, parseBody, parseParams, parseQuery, uuidParam } from '@plumbline/service-kit'
import express, { type Request, type Response, type Router } from 'express'
import type { Owner } from '../data/notifications-repo.js'
import type { AdminDeps } from '../deps.js'
import { listNotifications } from '../usecases/list-notifications.js'
import { readAllNotifications } from '../usecases/read-all-notifications.js'
import { readNotification } from '../usecases/read-notification.js'
import { remindDueToday } from '../usecases/remind-due-today.js'

/** The caller in the path's organisation: every notification route reads and writes only their own. */
function ownerOf(req: Request, res: Response): Owner {
  const { orgId } = parseParams(ZOrgIdParam, req)
  const ctx = orgContextOf(res, orgId)
  return { orgId: ctx.orgId, userId: ctx.userId }
}

/**
 * The header's notification bell, for any member: their own notifications only, so no module
 * permission applies. Another user's or organisation's notification id answers 404, as does an
 * id that is not a UUID (it names nothing); bad paging, cursors and bodies answer 400.
 */
export function notificationRoutes(deps: Pick<AdminDeps, 'prisma'>): Router {
  const router = express.Router()
  const base = '/organizations/:orgId/notifications'
  router.get(base, async (req, res) => {
    const owner = ownerOf(req, res)
    res.json(await listNotifications(deps.prisma, owner, parseQuery(ZNotificationListQuery, req)))
  })
  router.post(`${base}/read-all`, async (req, res) => {
    const owner = ownerOf(req, res)
    res.json(await readAllNotifications(deps.prisma, owner, parseBody(ZReadAllNotificationsBody, req)))
  })
  router.post(`${base}/due-today`, async (req, res) => {
    const owner = ownerOf(req, res)
    res.json(await remindDueToday(deps.prisma, owner, parseBody(ZDueTodayBody, req)))
  })
  router.post(`${base}/:id/read`, async (req, res) => {
    const owner = ownerOf(req, res)
    res.json(await readNotification(deps.prisma, owner, uuidParam(req, 'id', 'Notification')))
  })
  return router
}
