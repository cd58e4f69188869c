import { randomBytes } from 'node:crypto'
import { EMAIL_NOTIFICATION_KINDS, EMAIL_NOTIFICATION_LABELS, type EmailNotificationKind, type MailRequestedV1, MailSubjects } from '@plumbline/contracts'
import { createEnvelope, writeOutbox } from '@plumbline/messaging'
import type { Tx } from '../data/db.js'
import { actorEmailOf, saveUnsubscribeToken, wantsEmail } from '../data/notification-preferences-repo.js'
import { type NotificationFacts, notificationLink, notificationText } from '../domain/notification-text.js'
import { unsubscribeTokenHash } from './notification-preferences.js'

export const isEmailKind = (kind: string): kind is EmailNotificationKind => (EMAIL_NOTIFICATION_KINDS as readonly string[]).includes(kind)

/**
 * Besides the bell: the notification by e-mail to its member, unless they chose bell only for its
 * kind or admin knows no address for them. A mail request through admin's outbox, in the same
 * transaction as the notification (the mailer sends it once), with a one-click unsubscribe for
 * that kind (RFC 8058) whose token is stored hashed.
 */
export async function mailNotification(
  tx: Tx,
  appUrl: string,
  n: NotificationFacts & { orgId: string; userId: string },
  actorName: string | null,
  /** The client's own words, quoted as written (a change request's message). */
  clientMessage: string | null = null,
): Promise<boolean> {
  if (!isEmailKind(n.kind)) return false
  const owner = { orgId: n.orgId, userId: n.userId }
  if (!(await wantsEmail(tx, owner, n.kind))) return false
  const to = await actorEmailOf(tx, n.userId)
  if (!to) return false
  const token = randomBytes(24).toString('base64url')
  await saveUnsubscribeToken(tx, owner, n.kind, unsubscribeTokenHash(token))
  const { title, body } = notificationText(n, actorName)
  const mail: MailRequestedV1 = {
    tag: `notification-${n.kind}`,
    to: [to],
    subject: body.replace(/\.$/, ''),
    preheader: body,
    heading: title,
    paragraphs: [body],
    note: clientMessage ? { label: 'Their message', text: clientMessage } : null,
    action: { label: clientMessage ? 'Open the estimate to reply' : 'Open the estimate', url: `${appUrl}${notificationLink(n)}` },
    // The contractor's copy of what the client signed.
    attachments: n.kind === 'estimate_approved' ? [{ kind: 'estimate-pdf', estimateId: n.entityId, variant: 'signed' }] : [],
    footer: [`You get this e-mail because of your notification settings: ${EMAIL_NOTIFICATION_LABELS[n.kind]}.`],
    unsubscribe: {
      url: `${appUrl}/share/unsubscribe/${token}`,
      oneClickUrl: `${appUrl}/api/public/notification-preferences/unsubscribe/${token}`,
      label: 'Stop e-mails like this one',
    },
  }
  await writeOutbox(tx, 'admin', createEnvelope({ type: MailSubjects.admin, orgId: n.orgId, actorId: null, data: mail }))
  return true
}
