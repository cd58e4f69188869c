import { z } from 'zod'
import { ZAuditEntry, ZSubscriptionOverrideBody, ZSubscriptionOverrideRow } from '../admin.js'
import type { ApiRoute } from '../api-routes.js'
import { ZMessageResponse } from '../auth.js'
import { ZActivityList, ZActivityQuery, ZCompanySettings, ZCompanySettingsPatch } from '../company-settings.js'
import { ZDetailedHealth, ZMonitoringMetrics } from '../monitoring.js'
import {
  ZDueTodayBody,
  ZDueTodayReply,
  ZNotification,
  ZNotificationList,
  ZNotificationListQuery,
  ZNotificationPreferences,
  ZReadAllNotificationsBody,
  ZReadAllNotificationsReply,
  ZUnsubscribeResult,
} from '../notifications.js'
import { ZDashboardMetrics, ZDashboardMetricsQuery, ZOrganizationUsage } from '../users.js'

/** The admin service's routes (see the catalogue's doc in api-routes.ts). */
export const adminRoutes = [
  { id: 'getUsage', method: 'GET', path: '/organizations/:orgId/usage', service: 'admin', access: 'org', reply: ZOrganizationUsage },
  {
    id: 'getDashboardMetrics',
    method: 'GET',
    path: '/dashboard/metrics',
    service: 'admin',
    access: 'org',
    query: ZDashboardMetricsQuery,
    reply: ZDashboardMetrics,
  },
  { id: 'getCompanySettings', method: 'GET', path: '/organizations/:orgId/company-settings', service: 'admin', access: 'org', reply: ZCompanySettings },
  {
    id: 'putCompanySettings',
    method: 'PUT',
    path: '/organizations/:orgId/company-settings',
    service: 'admin',
    access: 'org',
    permission: { module: 'team', action: 'edit' },
    body: ZCompanySettingsPatch,
    reply: ZCompanySettings,
  },
  {
    id: 'getActivities',
    method: 'GET',
    path: '/organizations/:orgId/activities',
    service: 'admin',
    access: 'org',
    query: ZActivityQuery,
    reply: ZActivityList,
  },
  {
    id: 'getAdminSubscriptionOverrides',
    method: 'GET',
    path: '/admin/subscription-overrides',
    service: 'admin',
    access: 'admin',
    reply: z.array(ZSubscriptionOverrideRow),
  },
  {
    id: 'putAdminSubscriptionOverride',
    method: 'PUT',
    path: '/admin/subscription-overrides/:orgId',
    service: 'admin',
    access: 'admin',
    body: ZSubscriptionOverrideBody,
    reply: ZMessageResponse,
  },
  {
    id: 'deleteAdminSubscriptionOverride',
    method: 'DELETE',
    path: '/admin/subscription-overrides/:orgId',
    service: 'admin',
    access: 'admin',
    reply: ZMessageResponse,
  },
  { id: 'getAdminAudit', method: 'GET', path: '/admin/audit', service: 'admin', access: 'admin', reply: z.array(ZAuditEntry) },
  { id: 'getHealthDetailed', method: 'GET', path: '/health/detailed', service: 'admin', access: 'admin', reply: ZDetailedHealth },
  { id: 'getHealthMetrics', method: 'GET', path: '/health/metrics', service: 'admin', access: 'admin', reply: ZMonitoringMetrics },
  // The header's notification bell: each member sees and marks only their own (no module permission).
  {
    id: 'getNotifications',
    method: 'GET',
    path: '/organizations/:orgId/notifications',
    service: 'admin',
    access: 'org',
    query: ZNotificationListQuery,
    reply: ZNotificationList,
  },
  { id: 'readNotification', method: 'POST', path: '/organizations/:orgId/notifications/:id/read', service: 'admin', access: 'org', reply: ZNotification },
  {
    id: 'readAllNotifications',
    method: 'POST',
    path: '/organizations/:orgId/notifications/read-all',
    service: 'admin',
    access: 'org',
    body: ZReadAllNotificationsBody,
    reply: ZReadAllNotificationsReply,
  },
  {
    id: 'postNotificationsDueToday',
    method: 'POST',
    path: '/organizations/:orgId/notifications/due-today',
    service: 'admin',
    access: 'org',
    body: ZDueTodayBody,
    reply: ZDueTodayReply,
  },
  // Each member's own e-mail choices for the bell's client kinds (no module permission).
  {
    id: 'getNotificationPreferences',
    method: 'GET',
    path: '/organizations/:orgId/notification-preferences',
    service: 'admin',
    access: 'org',
    reply: ZNotificationPreferences,
  },
  {
    id: 'putNotificationPreferences',
    method: 'PUT',
    path: '/organizations/:orgId/notification-preferences',
    service: 'admin',
    access: 'org',
    body: ZNotificationPreferences,
    reply: ZNotificationPreferences,
  },
  // One-click unsubscribe (RFC 8058): the token in the path is the only credential.
  {
    id: 'postPublicNotificationUnsubscribe',
    method: 'POST',
    path: '/public/notification-preferences/unsubscribe/:token',
    service: 'admin',
    access: 'public',
    reply: ZUnsubscribeResult,
  },
] as const satisfies readonly ApiRoute[]
