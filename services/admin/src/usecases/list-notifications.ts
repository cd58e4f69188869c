import { type NotificationList, type NotificationListQuery, notificationCursor } from '@plumbline/contracts'
import type { Db } from '../data/db.js'
import { countUnread, notificationPage, type Owner } from '../data/notifications-repo.js'
import { toNotificationViews } from './notification-views.js'

/** One page of the caller's notifications in this organisation, newest first, with their unread count. */
export async function listNotifications(db: Db, owner: Owner, query: NotificationListQuery): Promise<NotificationList> {
  // One row more than asked says whether an older page exists.
  const rows = await notificationPage(db, owner, { take: query.limit + 1, before: query.before })
  const page = rows.slice(0, query.limit)
  const notifications = await toNotificationViews(db, page)
  const last = notifications.at(-1)
  return {
    notifications,
    unreadCount: await countUnread(db, owner),
    nextBefore: rows.length > query.limit && last ? notificationCursor(last) : null,
  }
}
