import { type NotificationList, type NotificationListQuery, notificationCursor } from '@plumbline/contracts'
import type { OrgContext } from '@plumbline/service-kit'
import { countUnread, notificationPage } from '../data/notifications-repo.js'
import type { AdminDeps } from '../deps.js'
import { toNotificationViews } from './notification-views.js'

/** One page of the caller's notifications in this organisation, newest first, with their unread count. */
export async function listNotifications(deps: Pick<AdminDeps, 'prisma'>, ctx: OrgContext, query: NotificationListQuery): Promise<NotificationList> {
  const db = deps.prisma
  // One row more than asked says whether an older page exists.
  const rows = await notificationPage(db, ctx, { take: query.limit + 1, before: query.before })
  const page = rows.slice(0, query.limit)
  const notifications = await toNotificationViews(db, page)
  const last = notifications.at(-1)
  return {
    notifications,
    unreadCount: await countUnread(db, ctx),
    nextBefore: rows.length > query.limit && last ? notificationCursor(last) : null,
  }
}
