import { ZDevMail } from '@plumbline/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SINK_CAPACITY } from '../../src/mail/mail-sink.js'
import { type AuthTestService, startAuthTestService, uniqueEmail } from '../support/auth-test-service.js'

let svc: AuthTestService
beforeAll(async () => {
  svc = await startAuthTestService()
})
afterAll(async () => {
  await svc?.close()
})

describe('embedded mail sink', () => {
  it('GET /__dev/mail lists mails newest first, filtered by recipient', async () => {
    const a = uniqueEmail('sink-a')
    const b = uniqueEmail('sink-b')
    await svc.deps.mailer.send({ to: a, subject: 'First', text: 'one https://example.com/1', html: '<p>one</p>' })
    await svc.deps.mailer.send({ to: b, subject: 'Second', text: 'two', html: '<a href="https://example.com/2?x=1&amp;y=2">go</a>' })
    await svc.deps.mailer.send({ to: a, subject: 'Third — ünïcödé', text: 'three ✓', html: '<p>three</p>' })

    const all = await svc.call('GET', '/__dev/mail')
    expect(all.status).toBe(200)
    const mails = all.json.map((m: unknown) => ZDevMail.parse(m))
    expect(mails.slice(0, 3).map((m: { subject: string }) => m.subject)).toEqual(['Third — ünïcödé', 'Second', 'First'])
    expect(mails[0]).toMatchObject({ to: [a], from: 'no-reply@plumbline.dev', text: 'three ✓' })
    expect(mails[1].links).toEqual(['https://example.com/2?x=1&y=2'])
    expect(mails[2].links).toEqual(['https://example.com/1'])

    const onlyA = await svc.call('GET', `/__dev/mail?to=${encodeURIComponent(a.toUpperCase())}`)
    expect(onlyA.json.map((m: { subject: string }) => m.subject)).toEqual(['Third — ünïcödé', 'First'])
  })

  it('GET /__dev/mailbox renders the mails with clickable, escaped links', async () => {
    const to = uniqueEmail('box')
    await svc.deps.mailer.send({ to, subject: '<b>Hi</b> & welcome', text: 'open https://app.test/verify-email?token=abc&email=x', html: '<p>hi</p>' })
    const page = await svc.call('GET', `/__dev/mailbox?to=${encodeURIComponent(to)}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(page.text).toContain('&lt;b&gt;Hi&lt;/b&gt; &amp; welcome')
    expect(page.text).toContain('<a href="https://app.test/verify-email?token=abc&amp;email=x"')
    expect(page.text).toContain('sandbox=""')
    const empty = await svc.call('GET', `/__dev/mailbox?to=${encodeURIComponent(uniqueEmail('nobody'))}`)
    expect(empty.text).toContain('No mail for')
  })

  it(`keeps only the last ${SINK_CAPACITY} mails`, async () => {
    const to = uniqueEmail('flood')
    await Promise.all(Array.from({ length: SINK_CAPACITY + 5 }, (_, i) => svc.deps.mailer.send({ to, subject: `n${i}`, text: `${i}`, html: '' })))
    expect(svc.deps.mailer.sink!.list().length).toBe(SINK_CAPACITY)
  })
})

describe('with a real SMTP relay configured', () => {
  let relayed: AuthTestService
  beforeAll(async () => {
    // Any SMTP URL: the dev routes depend on configuration, not on a delivery.
    relayed = await startAuthTestService({ SMTP_URL: 'smtp://user:pass@127.0.0.1:1' })
  })
  afterAll(async () => {
    await relayed?.close()
  })

  it('the dev mail routes do not exist', async () => {
    expect(relayed.deps.mailer.sink).toBeUndefined()
    expect((await relayed.call('GET', '/__dev/mail')).status).toBe(404)
    expect((await relayed.call('GET', '/__dev/mailbox')).status).toBe(404)
  })

  it('a failing relay does not fail the request that mails', async () => {
    const email = uniqueEmail('relay')
    const res = await relayed.call('POST', '/register', { body: { email, password: 'Sturdy-Beam-42', firstName: 'Rel', lastName: 'Ay' } })
    expect(res.status).toBe(201)
    await relayed.deps.mailer.idle()
  })
})
