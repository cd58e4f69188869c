import { defaultSendSubject, type MailBrand, ZMailRequestedV1 } from '@plumbline/contracts'
import { describe, expect, it } from 'vitest'
import { estimateReminderMail, estimateReplyMail, estimateSentMail } from '../../src/usecases/estimate-mail.js'

// The client's mails stay within the mail request's bounds however long the estimate's and the
// company's names are (a project name may be 300 characters, a company name 200): the mailer
// refuses a request past them, and the client would get nothing.

const longProject = `Roof ${'and gutters '.repeat(30)}`.slice(0, 300)
const longCompany = `Acme ${'Roofing '.repeat(30)}`.slice(0, 200)
const estimate = { id: 'e1', projectName: longProject, clientName: 'Jane Smith', propertyAddress: `12 Elm Street ${'x'.repeat(486)}`, totalCost: '10000.00' }
const brand: MailBrand = { companyName: longCompany, logoUrl: null, primary: '#1e3a8a', accent: '#475569', contactLines: [] }
const link = { shareUrl: 'https://app.example.com/share/tok', to: ['jane@example.com'] }

const mails = {
  sent: estimateSentMail({
    ...link,
    estimate,
    brand,
    cc: [],
    subject: defaultSendSubject(longProject, longCompany),
    message: 'Here it is.',
    replyTo: 'casey@example.com',
    attachPdf: false,
  }),
  reminder: estimateReminderMail({
    ...link,
    estimate,
    brand,
    replyTo: null,
    unsubscribeUrl: 'https://app.example.com/share/tok/unsubscribe',
    oneClickUrl: 'https://app.example.com/api/public/estimates/tok/unsubscribe',
    number: 1,
    of: 3,
  }),
  reply: estimateReplyMail({ ...link, estimate, brand, replyTo: 'casey@example.com', reply: 'Yes.' }),
}

describe('client mails with the longest names', () => {
  it.each(Object.entries(mails))('%s: a valid mail request, the subject shortened with an ellipsis', (_kind, mail) => {
    const parsed = ZMailRequestedV1.safeParse(mail)
    expect(parsed.error?.issues ?? []).toEqual([])
    expect(mail.subject.length).toBeLessThanOrEqual(300)
    expect(mail.subject.endsWith('…')).toBe(true)
    expect(mail.fromName?.length).toBeLessThanOrEqual(120)
  })

  it('keeps short names as they are', () => {
    const short = estimateReminderMail({
      ...link,
      estimate: { ...estimate, projectName: 'Smith Roof', propertyAddress: '12 Elm Street' },
      brand: { ...brand, companyName: 'Acme Roofing' },
      replyTo: null,
      unsubscribeUrl: 'https://app.example.com/share/tok/unsubscribe',
      oneClickUrl: 'https://app.example.com/api/public/estimates/tok/unsubscribe',
      number: 1,
      of: 3,
    })
    expect(short).toMatchObject({
      subject: 'Reminder: your estimate for Smith Roof',
      fromName: 'Acme Roofing via Plumbline',
      heading: 'Your estimate for Smith Roof is waiting',
    })
  })
})
