import type { Notification } from '@plumbline/contracts'
import { notFound } from '@plumbline/service-kit'
import type { Db } from '../data/db.js'
import { findOwnNotification, markRead, type Owner } from '../data/notifications-repo.js'
import { toNotificationViews } from './notification-views.js'

/** Marks one of the caller's notifications read (again is fine: the first time stays); anyone else's is 404. */
export async function readNotification(db: Db, owner: Owner, id: string, now: Date = new Date()): Promise<Notification> {
  await markRead(db, owner, id, now)
  const row = await findOwnNotification(db, owner, id)
  if (!row) throw notFound('Notification')
  const [view] = await toNotificationViews(db, [row])
  if (!view) throw notFound('Notification')
  return view
}
