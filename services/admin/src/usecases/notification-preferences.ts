import { createHash } from 'node:crypto'
import {
  EMAIL_NOTIFICATION_KINDS,
  EMAIL_NOTIFICATION_LABELS,
  type EmailNotificationKind,
  ErrorCode,
  type NotificationPreferences,
  UNSUBSCRIBE_NOT_FOUND,
  type UnsubscribeResult,
} from '@plumbline/contracts'
import { AppError, type OrgContext } from '@plumbline/service-kit'
import { findUnsubscribeToken, preferencesOf, setPreference } from '../data/notification-preferences-repo.js'
import type { AdminDeps } from '../deps.js'

type Deps = Pick<AdminDeps, 'prisma'>

export const unsubscribeTokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex')

/** Every e-mailed kind with the member's choice (e-mail on until turned off). */
export async function getNotificationPreferences(deps: Deps, ctx: OrgContext): Promise<NotificationPreferences> {
  const rows = await preferencesOf(deps.prisma, ctx)
  return { preferences: EMAIL_NOTIFICATION_KINDS.map((kind) => ({ kind, email: rows.find((r) => r.kind === kind)?.email ?? true })) }
}

/** PUT: the kinds named change; the others stay. */
export async function putNotificationPreferences(deps: Deps, ctx: OrgContext, body: NotificationPreferences): Promise<NotificationPreferences> {
  for (const p of body.preferences) await setPreference(deps.prisma, ctx, p.kind, p.email)
  return getNotificationPreferences(deps, ctx)
}

/** The one-click unsubscribe: the token's member no longer gets its kind by e-mail (the bell stays). Again: the same answer. */
export async function unsubscribeByToken(deps: Deps, token: string): Promise<UnsubscribeResult> {
  const db = deps.prisma
  const row = token.length >= 20 && token.length <= 100 ? await findUnsubscribeToken(db, unsubscribeTokenHash(token)) : null
  if (!row || !(EMAIL_NOTIFICATION_KINDS as readonly string[]).includes(row.kind)) throw new AppError(404, ErrorCode.NOT_FOUND, UNSUBSCRIBE_NOT_FOUND)
  const kind = row.kind as EmailNotificationKind
  await setPreference(db, { orgId: row.organizationId, userId: row.userId }, kind, false)
  return { kind, label: EMAIL_NOTIFICATION_LABELS[kind], email: false }
}
