import type { ReadAllNotificationsBody } from '@plumbline/contracts'
import type { OrgContext } from '@plumbline/service-kit'
import { countUnread, markAllRead } from '../data/notifications-repo.js'
import type { AdminDeps } from '../deps.js'

/** Mark all read: the caller's unread notifications up to `upTo` (what the list showed), else all. */
export async function readAllNotifications(deps: Pick<AdminDeps, 'prisma'>, ctx: OrgContext, body: ReadAllNotificationsBody, now: Date = new Date()) {
  const upTo = body.upTo ? new Date(body.upTo) : now
  const updated = await markAllRead(deps.prisma, ctx, upTo, now)
  return { updated, unreadCount: await countUnread(deps.prisma, ctx) }
}
