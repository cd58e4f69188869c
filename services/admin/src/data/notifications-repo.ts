import type { NotificationFacts } from '../domain/notification-text.js'
import type { Notification } from '../generated/prisma/client.js'
import type { Db, Tx } from './db.js'

/** A stored notification, before its actor is named (usecases/notification-views.ts). */
export type NotificationRow = Notification

export type NewNotification = NotificationFacts & { orgId: string; userId: string; sourceKey: string; createdAt: Date }

/** (user, source key) is unique: a redelivered event, or a second look at the same fact, adds nothing. */
export async function insertNotifications(tx: Db, rows: NewNotification[]): Promise<number> {
  if (!rows.length) return 0
  const { count } = await tx.notification.createMany({
    data: rows.map((n) => ({
      organizationId: n.orgId,
      userId: n.userId,
      sourceKey: n.sourceKey,
      kind: n.kind,
      entityId: n.entityId,
      target: n.target,
      detail: n.detail,
      actorId: n.actorId,
      createdAt: n.createdAt,
    })),
    skipDuplicates: true,
  })
  return count
}

export type Owner = { orgId: string; userId: string }

/** One page of a user's notifications, newest first; `before` continues after an earlier page's last row. */
export const notificationPage = (db: Db, owner: Owner, page: { take: number; before?: { createdAt: Date; id: string } }) =>
  db.notification.findMany({
    where: {
      organizationId: owner.orgId,
      userId: owner.userId,
      ...(page.before ? { OR: [{ createdAt: { lt: page.before.createdAt } }, { createdAt: page.before.createdAt, id: { lt: page.before.id } }] } : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: page.take,
  })

export const countUnread = (db: Db, owner: Owner) => db.notification.count({ where: { organizationId: owner.orgId, userId: owner.userId, readAt: null } })

/** The user's own notification, or null (another user's or organisation's id finds nothing). */
export const findOwnNotification = (db: Db, owner: Owner, id: string) =>
  db.notification.findFirst({ where: { id, organizationId: owner.orgId, userId: owner.userId } })

/** Marks one read; reading it again keeps the first time. */
export async function markRead(db: Db, owner: Owner, id: string, at: Date): Promise<void> {
  await db.notification.updateMany({ where: { id, organizationId: owner.orgId, userId: owner.userId, readAt: null }, data: { readAt: at } })
}

export async function markAllRead(db: Db, owner: Owner, upTo: Date, at: Date): Promise<number> {
  const { count } = await db.notification.updateMany({
    where: { organizationId: owner.orgId, userId: owner.userId, readAt: null, createdAt: { lte: upTo } },
    data: { readAt: at },
  })
  return count
}

/** The thing it points at is gone (an estimate or task deleted): its notifications would lead nowhere. */
export async function deleteNotificationsAbout(tx: Tx, orgId: string, entityId: string): Promise<void> {
  await tx.notification.deleteMany({ where: { organizationId: orgId, entityId } })
}

/** A deleted account's bell goes with it. */
export async function deleteNotificationsOf(tx: Tx, userId: string): Promise<void> {
  await tx.notification.deleteMany({ where: { userId } })
}
