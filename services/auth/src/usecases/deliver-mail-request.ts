import { type MailAttachment, type MailRequest, RequestSubjects, ZEstimatePdfReply } from '@plumbline/contracts'
import { request } from '@plumbline/messaging'
import { findMailDelivery, recordMailSent } from '../data/mail-deliveries-repo.js'
import type { AuthDeps } from '../deps.js'
import { listUnsubscribeHeaders, renderMailHtml, renderMailText } from '../mail/branded-mail.js'
import type { OutgoingMail } from '../mail/mailer.js'

/** Rendering a PDF can take seconds on a busy machine; the documents service answers within this. */
const ATTACHMENT_TIMEOUT_MS = 30_000

/** Fetches each attachment by id from the documents service (never carried in the event). */
async function attachmentsOf(deps: Pick<AuthDeps, 'bus'>, orgId: string | null, wanted: MailAttachment[]): Promise<NonNullable<OutgoingMail['attachments']>> {
  if (!orgId) return []
  const out: NonNullable<OutgoingMail['attachments']> = []
  for (const a of wanted) {
    const reply = await request(
      deps.bus,
      RequestSubjects.estimatePdf,
      { orgId, estimateId: a.estimateId, variant: a.variant },
      { schema: ZEstimatePdfReply, timeoutMs: ATTACHMENT_TIMEOUT_MS },
    )
    // An estimate deleted meanwhile: the mail still goes, without the PDF.
    if (reply.found) out.push({ filename: reply.filename, content: Buffer.from(reply.contentBase64, 'base64'), contentType: 'application/pdf' })
  }
  return out
}

export type MailRequestEvent = { id: string; orgId: string | null; data: MailRequest }

/** Test seams: a fault after the SMTP server accepted the mail (a crash before the ack). */
export type MailHooks = { afterSend?: (event: MailRequestEvent) => void | Promise<void> }

/**
 * Sends one mail request, at most once per request id: a request whose delivery row says sent is
 * skipped. The row is written with its own statement the moment SMTP accepted the mail (not in the
 * handler's transaction), so a crash or failure after that point (before the ack) cannot send it
 * again on redelivery; the stable Message-ID makes the mail the same message to mail systems in
 * the one window left (between SMTP's acceptance and that row).
 */
export async function deliverMailRequest(
  deps: Pick<AuthDeps, 'bus' | 'prisma' | 'mailer' | 'logger'>,
  event: MailRequestEvent,
  hooks: MailHooks = {},
): Promise<'sent' | 'already-sent'> {
  const done = await findMailDelivery(deps.prisma, event.id)
  if (done?.status === 'sent') return 'already-sent'
  const mail = event.data
  const attachments = await attachmentsOf(deps, event.orgId, mail.attachments)
  await deps.mailer.send({
    to: mail.to,
    cc: mail.cc,
    replyTo: mail.replyTo,
    fromName: mail.fromName,
    subject: mail.subject,
    html: renderMailHtml(mail),
    text: renderMailText(mail),
    messageId: `<${event.id}@mail.plumbline>`,
    headers: listUnsubscribeHeaders(mail),
    attachments,
  })
  const recipients = [...mail.to, ...mail.cc]
  await recordMailSent(deps.prisma, event.id, event.orgId, { tag: mail.tag, recipients, subject: mail.subject })
  deps.logger.info({ mailId: event.id, tag: mail.tag, recipients: recipients.length, attachments: attachments.length }, 'requested mail sent')
  await hooks.afterSend?.(event)
  return 'sent'
}
