import type { Logger } from '@plumbline/service-kit'
import nodemailer, { type Transporter } from 'nodemailer'
import { createMailSink, type MailSink } from './mail-sink.js'

export type OutgoingMail = {
  to: string | string[]
  subject: string
  text: string
  html: string
  cc?: string[]
  replyTo?: string | null
  /** Display name before the product's own address ("Acme Roofing via Plumbline"). */
  fromName?: string | null
  /** A stable Message-ID (one per mail request), so a resend after a crash is the same message to mail systems. */
  messageId?: string
  headers?: Record<string, string>
  attachments?: { filename: string; content: Buffer; contentType: string }[]
}

/** The address part of MAIL_FROM ("Plumbline <no-reply@x>" → no-reply@x). */
export const addressOfFrom = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim()

export type Mailer = {
  /** Present only while the embedded development sink stands in for SMTP. */
  sink?: MailSink
  start: () => Promise<void>
  send: (mail: OutgoingMail) => Promise<void>
  /**
   * Sends without making the caller wait. Used by the no-enumeration endpoints, whose response
   * time must not reveal whether a mail went out; failures are logged. Given a function, the
   * mail is composed in the background too (it may need look-ups and writes), and nothing is
   * sent when it yields null.
   */
  sendInBackground: (mail: OutgoingMail | (() => Promise<OutgoingMail | null>)) => void
  /** Resolves once every background send has finished (shutdown, tests). */
  idle: () => Promise<void>
  close: () => Promise<void>
}

export function createMailer(opts: { smtpUrl?: string; from: string; sinkPort: number; logger: Logger }): Mailer {
  const sink = opts.smtpUrl ? undefined : createMailSink({ port: opts.sinkPort, logger: opts.logger })
  let transport: Promise<Transporter> | undefined
  const pending = new Set<Promise<void>>()

  const getTransport = () =>
    (transport ??= (async () => {
      if (!sink) return nodemailer.createTransport(opts.smtpUrl)
      const { host, port } = await sink.start()
      return nodemailer.createTransport({ host, port, secure: false, ignoreTLS: true })
    })())

  const send = async (mail: OutgoingMail) => {
    const t = await getTransport()
    const { fromName, replyTo, messageId, ...rest } = mail
    await t.sendMail({
      ...rest,
      from: fromName ? { name: fromName, address: addressOfFrom(opts.from) } : opts.from,
      ...(replyTo ? { replyTo } : {}),
      ...(messageId ? { messageId } : {}),
    })
    opts.logger.debug({ to: mail.to, subject: mail.subject }, 'mail sent')
  }

  return {
    sink,
    start: async () => {
      await getTransport()
    },
    send,
    sendInBackground: (mail) => {
      const compose = typeof mail === 'function' ? mail : async () => mail
      const p = compose()
        .then(async (composed) => {
          if (composed) await send(composed)
        })
        .catch((err) => opts.logger.error({ err }, 'background mail failed'))
        .finally(() => pending.delete(p))
      pending.add(p)
    },
    idle: async () => {
      while (pending.size) await Promise.allSettled([...pending])
    },
    close: async () => {
      while (pending.size) await Promise.allSettled([...pending])
      if (transport) (await transport).close()
      await sink?.close()
    },
  }
}
