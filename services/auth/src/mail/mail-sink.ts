import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import type { Logger } from '@plumbline/service-kit'
import { SMTPServer } from 'smtp-server'
import { parseMail } from './mime.js'

export type SinkAttachment = { index: number; filename: string; contentType: string; size: number }
/** What GET /__dev/mail lists (contracts' ZDevMail); attachment bytes are fetched one by one. */
export type SinkMail = {
  id: string
  to: string[]
  cc: string[]
  from: string
  replyTo: string | null
  messageId: string | null
  subject: string
  text: string
  html: string
  links: string[]
  headers: Record<string, string>
  attachments: SinkAttachment[]
  receivedAt: string
}

export type MailSink = {
  /** Newest first. */
  list: (filter?: { to?: string }) => SinkMail[]
  /** One attachment's bytes, or null. */
  attachment: (mailId: string, index: number) => { filename: string; contentType: string; content: Buffer } | null
  start: () => Promise<{ host: string; port: number }>
  close: () => Promise<void>
}

export const SINK_CAPACITY = 200
const MAX_MESSAGE_BYTES = 2 * 1024 * 1024

/**
 * Development stand-in for an SMTP relay: a real SMTP server on loopback (so the same
 * nodemailer path runs as in production) that keeps the last messages in memory.
 */
export function createMailSink(opts: { port: number; logger: Logger }): MailSink {
  const mails: SinkMail[] = []
  const files = new Map<string, Buffer[]>()
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    size: MAX_MESSAGE_BYTES,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        parseMail(Buffer.concat(chunks))
          .then(({ attachments, ...parsed }) => {
            const id = randomUUID()
            mails.unshift({
              id,
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              ...parsed,
              attachments: attachments.map((a, index) => ({ index, filename: a.filename, contentType: a.contentType, size: a.size })),
              receivedAt: new Date().toISOString(),
            })
            files.set(
              id,
              attachments.map((a) => a.content),
            )
            for (const gone of mails.splice(SINK_CAPACITY)) files.delete(gone.id)
            callback()
          })
          .catch((err: Error) => {
            opts.logger.warn({ err }, 'mail sink could not read a message')
            callback(err)
          })
      })
    },
  })
  server.on('error', (err) => opts.logger.warn({ err }, 'mail sink error'))

  let started: Promise<{ host: string; port: number }> | undefined
  return {
    list: (filter) => {
      const to = filter?.to?.trim().toLowerCase()
      return to ? mails.filter((m) => m.to.includes(to)) : [...mails]
    },
    attachment: (mailId, index) => {
      const mail = mails.find((m) => m.id === mailId)
      const meta = mail?.attachments[index]
      const content = files.get(mailId)?.[index]
      return meta && content ? { filename: meta.filename, contentType: meta.contentType, content } : null
    },
    start: () =>
      (started ??= new Promise((resolve, reject) => {
        server.once('error', reject)
        server.listen(opts.port, '127.0.0.1', () => {
          const { port } = server.server.address() as AddressInfo
          opts.logger.info({ port }, 'embedded mail sink listening (development only)')
          resolve({ host: '127.0.0.1', port })
        })
      })),
    close: () => (started ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve()),
  }
}
