import { adminRoutes } from '@plumbline/contracts/api-routes'
import { catalogueRouter, type OrgContext, uuidParam } from '@plumbline/service-kit'
import type { Router } from 'express'
import type { Owner } from '../data/notifications-repo.js'
import type { AdminDeps } from '../deps.js'
import { listNotifications } from '../usecases/list-notifications.js'
import { getNotificationPreferences, putNotificationPreferences, unsubscribeByToken } from '../usecases/notification-preferences.js'
import { readAllNotifications } from '../usecases/read-all-notifications.js'
import { readNotification } from '../usecases/read-notification.js'
import { remindDueToday } from '../usecases/remind-due-today.js'

/** The caller in the path's organisation: every notification route reads and writes only their own. */
const ownerOf = (ctx: OrgContext): Owner => ({ orgId: ctx.orgId, userId: ctx.userId })

/**
 * The header's notification bell, for any member: their own notifications only, so no module
 * permission applies. Another user's or organisation's notification id answers 404, as does an
 * id that is not a UUID (it names nothing); bad paging, cursors and bodies answer 400.
 */
export function notificationRoutes(deps: Pick<AdminDeps, 'prisma'>): Router {
  return (
    catalogueRouter(adminRoutes)
      .on('getNotifications', ({ ctx, query }) => listNotifications(deps.prisma, ownerOf(ctx), query))
      .on('readAllNotifications', ({ ctx, body }) => readAllNotifications(deps.prisma, ownerOf(ctx), body))
      .on('postNotificationsDueToday', ({ ctx, body }) => remindDueToday(deps.prisma, ownerOf(ctx), body))
      .on('readNotification', ({ ctx, req }) => readNotification(deps.prisma, ownerOf(ctx), uuidParam(req, 'id', 'Notification')))
      .on('getNotificationPreferences', ({ ctx }) => getNotificationPreferences(deps.prisma, ownerOf(ctx)))
      .on('putNotificationPreferences', ({ ctx, body }) => putNotificationPreferences(deps.prisma, ownerOf(ctx), body))
      // A mail client's one-click POST (any body, often form-encoded) or the unsubscribe page's.
      .on('postPublicNotificationUnsubscribe', async ({ req, res }) => {
        res.setHeader('Cache-Control', 'no-store')
        return unsubscribeByToken(deps.prisma, String(req.params.token))
      }).router
  )
}
