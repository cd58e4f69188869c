import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import type { Logger } from '@plumbline/service-kit'
import { SMTPServer } from 'smtp-server'
import { parseMail } from './mime.js'

export type SinkMail = { id: string; to: string[]; from: string; subject: string; text: string; html: string; links: string[]; receivedAt: string }

export type MailSink = {
  /** Newest first. */
  list: (filter?: { to?: string }) => SinkMail[]
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
        try {
          const parsed = parseMail(Buffer.concat(chunks).toString('latin1'))
          mails.unshift({
            id: randomUUID(),
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            ...parsed,
            receivedAt: new Date().toISOString(),
          })
          mails.length = Math.min(mails.length, SINK_CAPACITY)
          callback()
        } catch (err) {
          opts.logger.warn({ err }, 'mail sink could not read a message')
          callback(err as Error)
        }
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
