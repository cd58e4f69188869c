import type { ReadAllNotificationsBody } from '@plumbline/contracts'
import type { Db } from '../data/db.js'
import { countUnread, markAllRead, type Owner } from '../data/notifications-repo.js'

/** Mark all read: the caller's unread notifications up to `upTo` (what the list showed), else all. */
export async function readAllNotifications(db: Db, owner: Owner, body: ReadAllNotificationsBody, now: Date = new Date()) {
  const upTo = body.upTo ? new Date(body.upTo) : now
  const updated = await markAllRead(db, owner, upTo, now)
  return { updated, unreadCount: await countUnread(db, owner) }
}
