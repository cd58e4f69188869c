import type { NotificationKind } from '@plumbline/contracts'

/**
 * Events older than this make no notification (their facts, such as who created an estimate,
 * are still recorded). A bell entry about something days old is news nobody needs, and a new
 * durable starts at the beginning of its stream: without this, the first start of the bell
 * would replay months of approvals into everyone's bell. The price: an event held up longer than
 * this (an outage, a dead letter replayed late) is not announced.
 */
export const NOTIFY_WITHIN_MS = 3 * 24 * 3600_000

export const isTooOldToNotify = (occurredAt: Date, now: Date = new Date()) => now.getTime() - occurredAt.getTime() > NOTIFY_WITHIN_MS

/** What a stored notification holds; the words are chosen when it is read. */
export type NotificationFacts = { kind: NotificationKind; entityId: string; target: string; detail: string | null; actorId: string | null }

/** A teammate the admin service cannot name (registered before names were kept, or deleted). */
export const UNKNOWN_TEAMMATE = 'A teammate'

const quoted = (s: string) => `“${s}”`

/** "12 Dec 2026" for a YYYY-MM-DD day, in no time zone (a due date is a calendar day). */
export function formatDay(day: string): string {
  const at = new Date(`${day}T00:00:00Z`)
  return Number.isNaN(at.getTime()) ? day : at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
}

/**
 * Title and body of a notification. Client decisions have no actor (the client is named by the
 * estimate's client name); a teammate who set the status by hand is named instead. `actorName`
 * is null when the actor is unknown.
 */
export function notificationText(n: NotificationFacts, actorName: string | null): { title: string; body: string } {
  const actor = actorName ?? UNKNOWN_TEAMMATE
  const client = n.detail?.trim() || 'Your client'
  const target = quoted(n.target)
  switch (n.kind) {
    case 'estimate_viewed':
      return { title: 'Estimate viewed', body: `${client} opened ${target}.` }
    case 'estimate_approved':
      return { title: 'Estimate approved', body: n.actorId ? `${actor} marked ${target} approved.` : `${client} approved ${target}.` }
    case 'estimate_declined':
      return { title: 'Estimate declined', body: n.actorId ? `${actor} marked ${target} declined.` : `${client} declined ${target}.` }
    case 'estimate_change_requested':
      return { title: 'Changes requested', body: `${client} asked for changes to ${target}.` }
    case 'estimate_shared':
      return { title: 'Estimate shared', body: `${actor} shared ${target} with ${client}.` }
    case 'meeting_transcribed':
      return { title: 'Meeting transcribed', body: `${target} is transcribed and ready to review.` }
    case 'task_assigned':
      return { title: 'Task assigned to you', body: `${actor} assigned you ${target}${n.detail ? `, due ${formatDay(n.detail)}` : ''}.` }
    case 'task_due':
      return { title: 'Task due today', body: `${target} is due today.` }
  }
}

/** Where clicking it goes: the estimate, the meeting (the notetaker opens it from the query), or the task list. */
export function notificationLink(n: Pick<NotificationFacts, 'kind' | 'entityId'>): string {
  switch (n.kind) {
    case 'estimate_viewed':
    case 'estimate_approved':
    case 'estimate_declined':
    case 'estimate_change_requested':
    case 'estimate_shared':
      return `/estimates/${encodeURIComponent(n.entityId)}`
    case 'meeting_transcribed':
      return `/notetaker?meeting=${encodeURIComponent(n.entityId)}`
    case 'task_assigned':
    case 'task_due':
      return '/tasks'
  }
}

/** Who gets a notification about someone's action: the interested users, once each, never the actor. */
export function recipientsOf(interested: (string | null | undefined)[], actorId: string | null): string[] {
  return [...new Set(interested.filter((id): id is string => !!id && id !== actorId))]
}
