import { adminRoutes } from '@plumbline/contracts/api-routes'
import { catalogueRouter, uuidParam } from '@plumbline/service-kit'
import type { Router } from 'express'
import type { AdminDeps } from '../deps.js'
import { listNotifications } from '../usecases/list-notifications.js'
import { getNotificationPreferences, putNotificationPreferences, unsubscribeByToken } from '../usecases/notification-preferences.js'
import { readAllNotifications } from '../usecases/read-all-notifications.js'
import { readNotification } from '../usecases/read-notification.js'
import { remindDueToday } from '../usecases/remind-due-today.js'

/**
 * The header's notification bell, for any member: their own notifications only (the caller's
 * user in the path's organisation), so no module
 * permission applies. Another user's or organisation's notification id answers 404, as does an
 * id that is not a UUID (it names nothing); bad paging, cursors and bodies answer 400.
 */
export function notificationRoutes(deps: Pick<AdminDeps, 'prisma'>): Router {
  return (
    catalogueRouter(adminRoutes)
      .on('getNotifications', ({ ctx, query }) => listNotifications(deps, ctx, query))
      .on('readAllNotifications', ({ ctx, body }) => readAllNotifications(deps, ctx, body))
      .on('postNotificationsDueToday', ({ ctx, body }) => remindDueToday(deps, ctx, body))
      .on('readNotification', ({ ctx, req }) => readNotification(deps, ctx, uuidParam(req, 'id', 'Notification')))
      .on('getNotificationPreferences', ({ ctx }) => getNotificationPreferences(deps, ctx))
      .on('putNotificationPreferences', ({ ctx, body }) => putNotificationPreferences(deps, ctx, body))
      // A mail client's one-click POST (any body, often form-encoded) or the unsubscribe page's.
      .on('postPublicNotificationUnsubscribe', async ({ req, res }) => {
        res.setHeader('Cache-Control', 'no-store')
        return unsubscribeByToken(deps, String(req.params.token))
      }).router
  )
}
