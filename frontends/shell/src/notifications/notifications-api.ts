import {
  type DueTodayBody,
  NOTIFICATION_PAGE_LIMIT,
  type Notification,
  type NotificationList,
  type ReadAllNotificationsBody,
  ZDueTodayReply,
  ZNotification,
  ZNotificationList,
  ZReadAllNotificationsReply,
} from '@plumbline/contracts'
import { apiRequest } from '@plumbline/web'

// The bell's requests (services/admin README "Notifications"). The key names the GET it makes,
// so anything may refresh the bell by prefix.

export const notificationsKey = (orgId: string) => ['/api/organizations', orgId, 'notifications'] as const
const base = (orgId: string) => `/api/organizations/${encodeURIComponent(orgId)}/notifications`

export async function fetchNotificationPage(orgId: string, before: string | null): Promise<NotificationList> {
  const query = new URLSearchParams({ limit: String(NOTIFICATION_PAGE_LIMIT) })
  if (before) query.set('before', before)
  const res = await apiRequest('GET', `${base(orgId)}?${query}`)
  return ZNotificationList.parse(await res.json())
}

export async function markNotificationRead(orgId: string, id: string): Promise<Notification> {
  const res = await apiRequest('POST', `${base(orgId)}/${encodeURIComponent(id)}/read`)
  return ZNotification.parse(await res.json())
}

export async function markAllNotificationsRead(orgId: string, body: ReadAllNotificationsBody) {
  const res = await apiRequest('POST', `${base(orgId)}/read-all`, body)
  return ZReadAllNotificationsReply.parse(await res.json())
}

export async function reportDueToday(orgId: string, body: DueTodayBody) {
  const res = await apiRequest('POST', `${base(orgId)}/due-today`, body)
  return ZDueTodayReply.parse(await res.json())
}
