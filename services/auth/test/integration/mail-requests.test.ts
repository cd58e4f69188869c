import { type EventEnvelope, type MailRequestedV1, MailSubjects, ZMailRequestedV1 } from '@plumbline/contracts'
import { createEnvelope, type EventConsumer, ensureStream } from '@plumbline/messaging'
import { publishEnvelope, waitForConsumer } from '@plumbline/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMailConsumers } from '../../src/consumers/mail-consumer.js'
import { deliverMailRequest } from '../../src/usecases/deliver-mail-request.js'
import { type AuthTestService, startAuthTestService } from '../support/auth-test-service.js'

// The one mailer (DESIGN §11): another service's mail request, read from its stream, leaves once
// as a branded HTML and text mail, parsed here as a mail client would (postal-mime in the sink).

let svc: AuthTestService
let consumers: EventConsumer[] = []
let failAfterSend = 0

const request = (overrides: Partial<MailRequestedV1> = {}): MailRequestedV1 => ({
  tag: 'estimate-sent',
  to: ['client@example.com'],
  cc: ['partner@example.com'],
  replyTo: 'boss@acme.test',
  fromName: 'Acme Roofing via Plumbline',
  subject: 'Your estimate for Smith Roof',
  brand: {
    companyName: 'Acme Roofing',
    logoUrl: 'http://app.plumbline.test/api/public/logos/org-1?v=10',
    primary: '#0f5132',
    accent: '#475569',
    contactLines: ['hello@acme.test'],
  },
  preheader: 'Acme Roofing sent you an estimate.',
  heading: 'Your estimate for Smith Roof',
  paragraphs: ['Hi Jane,', 'Acme Roofing has prepared an estimate for 12 Elm St.'],
  note: { label: 'A message from Acme Roofing', text: 'Thanks for your time <script>alert(1)</script>\nSee you soon.' },
  details: [{ label: 'Estimated total', value: '$10,000' }],
  action: { label: 'View your estimate', url: 'http://app.plumbline.test/share/abc' },
  footer: ['This link is personal to you.'],
  attachments: [],
  unsubscribe: null,
  ...overrides,
})

const envelope = (data: MailRequestedV1, to: string = MailSubjects.estimates): EventEnvelope<MailRequestedV1> =>
  createEnvelope({ type: to, orgId: 'org-mail-test', actorId: 'user-1', data })

beforeAll(async () => {
  svc = await startAuthTestService()
  await ensureStream(svc.deps.bus, 'estimates')
  await ensureStream(svc.deps.bus, 'admin')
  consumers = await startMailConsumers(svc.deps, {
    afterSend: () => {
      if (failAfterSend > 0) {
        failAfterSend--
        throw new Error('crash after SMTP accepted the mail')
      }
    },
  })
})
afterAll(async () => {
  for (const c of consumers) await c.stop()
  await svc?.close()
})

describe('mail requests', () => {
  it('sends a branded HTML and text mail with cc, reply-to and the sender name', async () => {
    const event = envelope(request())
    await publishEnvelope(svc.deps.bus, event)
    const mail = await svc.waitForMail('client@example.com', 'Your estimate for Smith Roof')
    expect(mail.to).toEqual(['client@example.com', 'partner@example.com'])
    expect(mail.cc).toEqual(['partner@example.com'])
    expect(mail.replyTo).toBe('boss@acme.test')
    expect(mail.messageId).toBe(`<${event.id}@mail.plumbline>`)
    expect(mail.html).toContain('background:#0f5132')
    expect(mail.html).toContain('src="http://app.plumbline.test/api/public/logos/org-1?v=10"')
    expect(mail.html).toContain('&lt;script&gt;')
    expect(mail.html).not.toContain('<script>')
    expect(mail.text).toContain('A message from Acme Roofing:\n> Thanks for your time <script>alert(1)</script>\n> See you soon.')
    expect(mail.text).toContain('View your estimate: http://app.plumbline.test/share/abc')
    expect(mail.links).toContain('http://app.plumbline.test/share/abc')
    expect(mail.headers['list-unsubscribe']).toBeUndefined()
    // The delivery row follows the SMTP server's acceptance.
    await expect.poll(() => svc.deps.prisma.mailDelivery.findUnique({ where: { id: event.id } })).not.toBeNull()
    const row = await svc.deps.prisma.mailDelivery.findUniqueOrThrow({ where: { id: event.id } })
    expect(row).toMatchObject({ status: 'sent', tag: 'estimate-sent', organizationId: 'org-mail-test' })
  })

  it('carries RFC 8058 one-click unsubscribe headers when offered', async () => {
    const unsubscribe = {
      url: 'http://app.plumbline.test/unsubscribe?t=x',
      oneClickUrl: 'http://app.plumbline.test/api/public/unsubscribe/x',
      label: 'Stop these e-mails',
    }
    await publishEnvelope(svc.deps.bus, envelope(request({ to: ['owner@example.com'], cc: [], subject: 'Viewed', unsubscribe }), MailSubjects.admin))
    const mail = await svc.waitForMail('owner@example.com', 'Viewed')
    expect(mail.headers['list-unsubscribe']).toBe('<http://app.plumbline.test/api/public/unsubscribe/x>')
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
    expect(mail.links).toContain(unsubscribe.url)
  })

  it('sends once when the same request is delivered again, even after a crash between SMTP and the ack', async () => {
    const to = 'once@example.com'
    const event = envelope(request({ to: [to], cc: [], subject: 'Only once' }))
    failAfterSend = 1
    // First delivery: SMTP accepts, then the handler fails before its commit and ack (nak, redelivery).
    await publishEnvelope(svc.deps.bus, event)
    // A second copy of the same request (a relay retry published outside JetStream's duplicate window).
    await publishEnvelope(svc.deps.bus, event)
    await expect.poll(() => failAfterSend, { timeout: 10_000 }).toBe(0)
    await waitForConsumer(svc.deps.bus, 'auth-mail-on-estimates-mail-requested-v1', 'estimates', 30_000)
    expect(svc.deps.mailer.sink!.list({ to }).filter((m) => m.subject === 'Only once')).toHaveLength(1)
    expect(await deliverMailRequest(svc.deps, { id: event.id, orgId: event.orgId, data: ZMailRequestedV1.parse(event.data) })).toBe('already-sent')
    expect(svc.deps.mailer.sink!.list({ to })).toHaveLength(1)
  })

  it('dead-letters a request that is not a mail request (never sends it)', async () => {
    await publishEnvelope(svc.deps.bus, createEnvelope({ type: MailSubjects.estimates, orgId: 'o', actorId: null, data: { to: [], subject: '' } }))
    await waitForConsumer(svc.deps.bus, 'auth-mail-on-estimates-mail-requested-v1', 'estimates', 15_000)
    expect(svc.deps.mailer.sink!.list({ to: '' }).filter((m) => m.subject === '')).toHaveLength(0)
  })
})
