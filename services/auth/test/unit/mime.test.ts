import nodemailer, { type SendMailOptions } from 'nodemailer'
import { describe, expect, it } from 'vitest'
import { extractLinks, parseMail } from '../../src/mail/mime.js'

/** Builds the exact bytes nodemailer would send, without a server. */
async function compose(mail: SendMailOptions): Promise<Buffer> {
  const t = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' })
  const info = await t.sendMail({ from: 'a@example.com', to: 'b@example.com', ...mail })
  return info.message as Buffer
}

describe('parseMail', () => {
  it('reads nodemailer multipart/alternative with quoted-printable and non-ASCII text', async () => {
    const long = `https://app.example.com/reset-password?token=${'Ab_-'.repeat(30)}`
    const raw = await compose({ subject: 'Reset — ünïcödé ✓', text: `Héllo\n\nChoose: ${long}\n`, html: `<p>Héllo <a href="${long}&amp;x=1">go</a></p>` })
    const mail = await parseMail(raw)
    expect(mail.subject).toBe('Reset — ünïcödé ✓')
    expect(mail.text).toBe(`Héllo\n\nChoose: ${long}`)
    expect(mail.html).toContain('<p>Héllo')
    expect(mail.links).toEqual([long, `${long}&x=1`])
  })

  it('reads base64 parts', async () => {
    const raw = await compose({ subject: 'b64', text: 'plain ✓ https://x.test/a', html: '<b>bold</b>', textEncoding: 'base64' })
    const mail = await parseMail(raw)
    expect(mail.text).toBe('plain ✓ https://x.test/a')
    expect(mail.html.trim()).toBe('<b>bold</b>')
  })

  it('keeps attachments apart from the body, and reads cc, reply-to and list headers', async () => {
    const raw = await compose({
      subject: 'with pdf',
      text: 'just text',
      cc: 'C@Example.com',
      replyTo: 'boss@example.com',
      headers: { 'List-Unsubscribe': '<https://x.test/u>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      attachments: [{ filename: 'a.pdf', content: Buffer.from('%PDF-1.7 https://evil.test'), contentType: 'application/pdf' }],
    })
    const mail = await parseMail(raw)
    expect(mail.text).toBe('just text')
    expect(mail.links).toEqual([])
    expect(mail.cc).toEqual(['c@example.com'])
    expect(mail.replyTo).toBe('boss@example.com')
    expect(mail.headers['list-unsubscribe']).toBe('<https://x.test/u>')
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
    expect(mail.attachments).toHaveLength(1)
    expect(mail.attachments[0]).toMatchObject({ filename: 'a.pdf', contentType: 'application/pdf' })
    expect(mail.attachments[0]!.content.toString()).toBe('%PDF-1.7 https://evil.test')
  })

  it('survives garbage', async () => {
    expect((await parseMail('')).text).toBe('')
    expect((await parseMail('Content-Type: multipart/mixed; boundary=x\r\n\r\n--x\r\n\r\n--x--')).text).toBe('')
  })
})

describe('extractLinks', () => {
  it('dedupes and unescapes hrefs', () => {
    expect(extractLinks('see https://a.test/x.', '<a href="https://a.test/x.">x</a><a href="https://b.test/?a=1&amp;b=2">')).toEqual([
      'https://a.test/x.',
      'https://b.test/?a=1&b=2',
    ])
  })
})
