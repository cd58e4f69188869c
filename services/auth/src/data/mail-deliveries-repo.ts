import type { Db } from './db.js'

export const findMailDelivery = (db: Db, mailId: string) => db.mailDelivery.findUnique({ where: { id: mailId } })

export type SentMail = { tag: string; recipients: string[]; subject: string }

/** Records that SMTP accepted the mail: from then on the request is never sent again. */
export async function recordMailSent(db: Db, mailId: string, orgId: string | null, mail: SentMail): Promise<void> {
  const row = { ...mail, status: 'sent', error: null, sentAt: new Date() }
  await db.mailDelivery.upsert({ where: { id: mailId }, create: { id: mailId, organizationId: orgId, ...row }, update: row })
}
