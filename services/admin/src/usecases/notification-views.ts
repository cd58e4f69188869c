import type { Notification } from '@plumbline/contracts'
import { actorsByIds } from '../data/actors-repo.js'
import type { Db } from '../data/db.js'
import type { NotificationRow } from '../data/notifications-repo.js'
import { notificationLink, notificationText } from '../domain/notification-text.js'

/**
 * Rows as the bell shows them. Actors are named now, from the users admin learned from auth
 * events (as the activity feed does), so a deleted user's name disappears from every bell.
 */
export async function toNotificationViews(db: Db, rows: NotificationRow[]): Promise<Notification[]> {
  const actorIds = [...new Set(rows.map((r) => r.actorId).filter((id): id is string => id !== null))]
  const actors = new Map((actorIds.length ? await actorsByIds(db, actorIds) : []).map((a) => [a.userId, a]))
  return rows.map((r) => {
    const actor = r.actorId ? actors.get(r.actorId) : undefined
    const name = actor ? [actor.firstName, actor.lastName].filter(Boolean).join(' ') || actor.email : null
    return {
      id: r.id,
      kind: r.kind,
      ...notificationText(r, name),
      link: notificationLink(r),
      readAt: r.readAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    }
  })
}
