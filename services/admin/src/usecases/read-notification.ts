import type { Notification } from '@plumbline/contracts'
import { notFound, type OrgContext } from '@plumbline/service-kit'
import { findOwnNotification, markRead } from '../data/notifications-repo.js'
import type { AdminDeps } from '../deps.js'
import { toNotificationViews } from './notification-views.js'

/** Marks one of the caller's notifications read (again is fine: the first time stays); anyone else's is 404. */
export async function readNotification(deps: Pick<AdminDeps, 'prisma'>, ctx: OrgContext, id: string, now: Date = new Date()): Promise<Notification> {
  const db = deps.prisma
  await markRead(db, ctx, id, now)
  const row = await findOwnNotification(db, ctx, id)
  if (!row) throw notFound('Notification')
  const [view] = await toNotificationViews(db, [row])
  if (!view) throw notFound('Notification')
  return view
}
