import nodemailer from 'nodemailer'
import { describe, expect, it } from 'vitest'
import { decodeEncodedWords, extractLinks, parseMail } from '../../src/mail/mime.js'

/** Builds the exact bytes nodemailer would send, without a server. */
async function compose(mail: nodemailer.SendMailOptions): Promise<string> {
  const t = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' })
  const info = await t.sendMail({ from: 'a@example.com', to: 'b@example.com', ...mail })
  return (info.message as Buffer).toString('latin1')
}

describe('parseMail', () => {
  it('reads nodemailer multipart/alternative with quoted-printable and non-ASCII text', async () => {
    const long = `https://app.example.com/reset-password?token=${'Ab_-'.repeat(30)}`
    const raw = await compose({ subject: 'Reset — ünïcödé ✓', text: `Héllo\n\nChoose: ${long}\n`, html: `<p>Héllo <a href="${long}&amp;x=1">go</a></p>` })
    const mail = parseMail(raw)
    expect(mail.subject).toBe('Reset — ünïcödé ✓')
    expect(mail.text).toBe(`Héllo\n\nChoose: ${long}`)
    expect(mail.html).toContain('<p>Héllo')
    expect(mail.links).toEqual([long, `${long}&x=1`])
  })

  it('reads base64 parts', async () => {
    const raw = await compose({ subject: 'b64', text: 'plain ✓ https://x.test/a', html: '<b>bold</b>', textEncoding: 'base64' })
    const mail = parseMail(raw)
    expect(mail.text).toBe('plain ✓ https://x.test/a')
    expect(mail.html).toBe('<b>bold</b>')
  })

  it('reads a single-part text mail and skips attachments', async () => {
    const raw = await compose({ subject: 'only text', text: 'just text', attachments: [{ filename: 'a.txt', content: 'ATTACHED https://evil.test' }] })
    const mail = parseMail(raw)
    expect(mail.text).toBe('just text')
    expect(mail.links).toEqual([])
  })

  it('survives garbage', () => {
    expect(parseMail('')).toEqual({ subject: '', text: '', html: '', links: [] })
    expect(parseMail('Content-Type: multipart/mixed; boundary=x\r\n\r\n--x\r\n\r\n--x--').text).toBe('')
  })
})

describe('decodeEncodedWords', () => {
  it('decodes Q and B words and joins adjacent ones', () => {
    expect(decodeEncodedWords('=?UTF-8?Q?Caf=C3=A9_time?= =?UTF-8?B?4pyT?=')).toBe('Café time✓')
    expect(decodeEncodedWords('plain')).toBe('plain')
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
