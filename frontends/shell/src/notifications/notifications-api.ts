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
import * as api from '@plumbline/contracts/api-paths'
import { apiKey, callApi } from '@plumbline/web'

// The bell's requests (services/admin README "Notifications"). The key names the GET it makes,
// so anything may refresh the bell by prefix.

export const notificationsKey = (orgId: string) => apiKey(api.getNotifications, { orgId })

export async function fetchNotificationPage(orgId: string, before: string | null): Promise<NotificationList> {
  return ZNotificationList.parse(await callApi(api.getNotifications, { params: { orgId }, query: { limit: NOTIFICATION_PAGE_LIMIT, before } }))
}

export async function markNotificationRead(orgId: string, id: string): Promise<Notification> {
  return ZNotification.parse(await callApi(api.readNotification, { params: { orgId, id } }))
}

export async function markAllNotificationsRead(orgId: string, body: ReadAllNotificationsBody) {
  return ZReadAllNotificationsReply.parse(await callApi(api.readAllNotifications, { params: { orgId }, body }))
}

export async function reportDueToday(orgId: string, body: DueTodayBody) {
  return ZDueTodayReply.parse(await callApi(api.postNotificationsDueToday, { params: { orgId }, body }))
}
