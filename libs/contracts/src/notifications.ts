import { z } from 'zod'
import { EMAIL_NOTIFICATION_KINDS } from './admin-messages.js'
import { isoDateOf } from './tasks.js'

// The header's notification bell. The spec draws the bell with a red
// dot and says nothing more; what it shows and when is decided here and in the admin service
// (services/admin/README.md "Notifications"). Each user has their own feed per organisation,
// fed by the events other services already publish.

/**
 * What a notification is about. Estimate ones go to the estimate's creator (and whoever last
 * shared it with the client); meeting_transcribed to the meeting's creator; task_assigned to the
 * new assignee; task_due to the assignee, or the creator while nobody is assigned.
 */
export const NOTIFICATION_KINDS = [
  'estimate_viewed',
  'estimate_approved',
  'estimate_declined',
  'estimate_change_requested',
  'estimate_shared',
  'meeting_transcribed',
  'task_assigned',
  'task_due',
] as const
export const ZNotificationKind = z.enum(NOTIFICATION_KINDS)
export type NotificationKind = z.infer<typeof ZNotificationKind>

export const ZNotification = z.object({
  id: z.string(),
  kind: ZNotificationKind,
  title: z.string(),
  body: z.string(),
  /** An app path to open: /estimates/<id>, /notetaker?meeting=<id> or /tasks. */
  link: z.string(),
  /** Null while unread. */
  readAt: z.string().nullable(),
  createdAt: z.string(),
})
export type Notification = z.infer<typeof ZNotification>

/** The bell shows this many; older ones come with `before`. */
export const NOTIFICATION_PAGE_LIMIT = 20

/**
 * The browser asks again this often (and when the window regains focus). Events reach the
 * feed within a second or two of happening; half a minute is soon enough for news that is
 * not a chat message, and keeps an idle tab to two requests a minute.
 */
export const NOTIFICATION_POLL_MS = 30_000

const CURSOR_RE = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i

/** A page ends at a notification; the next page starts after it (newest first, ties by id). */
export const notificationCursor = (n: { createdAt: string; id: string }) => `${n.createdAt}_${n.id}`

const cursor = z
  .string()
  .max(100)
  .transform((value, ctx) => {
    const [, at, id] = CURSOR_RE.exec(value) ?? []
    const createdAt = at ? new Date(at) : null
    if (!id || !createdAt || Number.isNaN(createdAt.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'Must be the nextBefore of an earlier page' })
      return z.NEVER
    }
    return { createdAt, id: id.toLowerCase() }
  })

const LIMIT_MESSAGE = 'Must be a whole number from 1 to 50'

export const ZNotificationListQuery = z.object({
  limit: z.coerce.number({ error: LIMIT_MESSAGE }).int(LIMIT_MESSAGE).min(1, LIMIT_MESSAGE).max(50, LIMIT_MESSAGE).default(NOTIFICATION_PAGE_LIMIT),
  before: cursor.optional(),
})
export type NotificationListQuery = z.output<typeof ZNotificationListQuery>

export const ZNotificationList = z.object({
  notifications: z.array(ZNotification),
  /** Every unread notification of the caller in this organisation, not just this page's. */
  unreadCount: z.number().int(),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: z.string().nullable(),
})
export type NotificationList = z.infer<typeof ZNotificationList>

/**
 * Mark all read marks what the user has seen: the unread notifications created at or before
 * `upTo` (the newest one the list showed). One that arrived after the list was drawn stays
 * unread. Without `upTo`, everything unread until now.
 */
export const ZReadAllNotificationsBody = z.object({
  upTo: z.iso.datetime({ offset: true, error: 'Must be an ISO date-time' }).optional(),
})
export type ReadAllNotificationsBody = z.infer<typeof ZReadAllNotificationsBody>
export const ZReadAllNotificationsReply = z.object({ updated: z.number().int(), unreadCount: z.number().int() })

/**
 * "Task due today" needs the user's today, which only the browser knows (the server has no
 * time zone for anyone). The bell reports its local date once per day and page load; the
 * server accepts a date that is today somewhere on Earth (UTC−12 to UTC+14), so nobody can ask
 * for tomorrow's reminders early.
 */
export const ZDueTodayBody = z.object({
  today: z.string({ error: 'Must be a date (YYYY-MM-DD)' }).refine((v) => isoDateOf(v) === v, 'Must be a date (YYYY-MM-DD)'),
})
export type DueTodayBody = z.infer<typeof ZDueTodayBody>
export const ZDueTodayReply = z.object({ created: z.number().int() })

/** The calendar days that are "today" somewhere right now: UTC−12 … UTC+14. */
export function todaysAnywhere(now: Date = new Date()): { earliest: string; latest: string } {
  const day = (offsetHours: number) => new Date(now.getTime() + offsetHours * 3600_000).toISOString().slice(0, 10)
  return { earliest: day(-12), latest: day(14) }
}

// ── E-mail preferences (bell only, or bell and e-mail) and one-click unsubscribe ──────────────
export const ZEmailNotificationKind = z.enum(EMAIL_NOTIFICATION_KINDS)
export const ZNotificationPreference = z.object({ kind: ZEmailNotificationKind, email: z.boolean() })
export type NotificationPreference = z.infer<typeof ZNotificationPreference>
/** GET/PUT …/notification-preferences: PUT may name any subset of kinds; the answer has every kind. */
export const ZNotificationPreferences = z.object({
  preferences: z
    .array(ZNotificationPreference)
    .max(EMAIL_NOTIFICATION_KINDS.length * 2)
    .refine((p) => new Set(p.map((x) => x.kind)).size === p.length, 'Each kind may be named once'),
})
export type NotificationPreferences = z.infer<typeof ZNotificationPreferences>
/** POST /public/notification-preferences/unsubscribe/{token}: the kind that no longer comes by e-mail. */
export const ZUnsubscribeResult = z.object({ kind: ZEmailNotificationKind, label: z.string(), email: z.literal(false) })
export type UnsubscribeResult = z.infer<typeof ZUnsubscribeResult>
export const UNSUBSCRIBE_NOT_FOUND = 'This unsubscribe link is not valid.'
