import type { Logger } from '@plumbline/service-kit'
import nodemailer, { type Transporter } from 'nodemailer'
import { createMailSink, type MailSink } from './mail-sink.js'

export type OutgoingMail = { to: string; subject: string; text: string; html: string }

export type Mailer = {
  /** Present only while the embedded development sink stands in for SMTP. */
  sink?: MailSink
  start: () => Promise<void>
  send: (mail: OutgoingMail) => Promise<void>
  /**
   * Sends without making the caller wait. Used by the no-enumeration endpoints, whose response
   * time must not reveal whether a mail went out; failures are logged.
   */
  sendInBackground: (mail: OutgoingMail) => void
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
    await t.sendMail({ from: opts.from, ...mail })
    opts.logger.debug({ to: mail.to, subject: mail.subject }, 'mail sent')
  }

  return {
    sink,
    start: async () => {
      await getTransport()
    },
    send,
    sendInBackground: (mail) => {
      const p = send(mail)
        .catch((err) => opts.logger.error({ err, to: mail.to, subject: mail.subject }, 'mail delivery failed'))
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
