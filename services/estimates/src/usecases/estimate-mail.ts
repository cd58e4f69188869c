import { brandColorsOf, type CompanySettings, type MailBrand, type MailRequestedV1 } from '@plumbline/contracts'
import { formatCurrency } from '@plumbline/contracts/format'
import { publicLogoOf } from './build-public-estimate.js'

// The words of the mails the estimates service asks the mailer to send to a client. Only what
// the client's page shows goes in: project, property, client name, total, the company's own
// details and the contractor's message; never notes, transcripts or cost breakdowns.

/** The company's look for a mail: name, logo as an absolute URL (mail clients load it), colours, contact lines. */
export function mailBrandOf(appUrl: string, orgId: string, settings: CompanySettings): MailBrand {
  const logo = publicLogoOf(orgId, settings)
  const contactLines = [settings.companyEmail, settings.companyPhone, settings.companyAddress, settings.website]
    .map((l) => l?.trim() ?? '')
    .filter((l) => l.length > 0)
  return {
    companyName: settings.companyName?.trim() || null,
    logoUrl: logo ? (logo.startsWith('/') ? `${appUrl}${logo}` : logo) : null,
    ...brandColorsOf(settings.brandingColors),
    contactLines,
  }
}

/**
 * At most `max` characters, with an ellipsis when cut: mail requests bound their subject, heading
 * and labels, and a 300-character project name or a 200-character company name must not fail the mailer.
 */
const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`)

export type ClientFacingEstimate = { id: string; projectName: string; clientName: string; propertyAddress: string; totalCost: { toString(): string } | null }

/** Display name of the sender: "Acme Roofing via Plumbline". */
export const fromNameOf = (brand: MailBrand) => (brand.companyName ? clip(`${brand.companyName} via Plumbline`, 120) : 'Plumbline')

/** The mail's "Estimated total" line, when the estimate has a total to show. */
const estimatedTotal = (estimate: ClientFacingEstimate) =>
  estimate.totalCost === null ? [] : [{ label: 'Estimated total', value: formatCurrency(estimate.totalCost.toString(), { whole: true }) }]

/** The estimate as sent from the app: a button to the share link, the contractor's message, the PDF when asked. */
export function estimateSentMail(opts: {
  estimate: ClientFacingEstimate
  brand: MailBrand
  to: string[]
  cc: string[]
  subject: string
  message: string | null
  replyTo: string
  shareUrl: string
  attachPdf: boolean
}): MailRequestedV1 {
  const { estimate, brand } = opts
  const company = brand.companyName ?? 'Your contractor'
  return {
    tag: 'estimate-sent',
    to: opts.to,
    cc: opts.cc,
    replyTo: opts.replyTo,
    fromName: fromNameOf(brand),
    subject: clip(opts.subject, 300),
    brand,
    preheader: clip(`${company} sent you an estimate for ${estimate.projectName}.`, 200),
    heading: clip(`Your estimate for ${estimate.projectName}`, 300),
    paragraphs: [
      `Hi ${estimate.clientName},`,
      `${company} has prepared an estimate for ${estimate.propertyAddress}. Review it online, where you can approve or decline it.`,
    ],
    note: opts.message?.trim() ? { label: clip(`A message from ${company}`, 120), text: opts.message.trim() } : null,
    details: [
      { label: 'Project', value: clip(estimate.projectName, 500) },
      { label: 'Property', value: clip(estimate.propertyAddress, 500) },
      ...estimatedTotal(estimate),
    ],
    action: { label: 'View your estimate', url: opts.shareUrl },
    footer: ['This link is personal to you: anyone who has it can view the estimate.', ...(opts.attachPdf ? ['A PDF copy of the estimate is attached.'] : [])],
    attachments: opts.attachPdf ? [{ kind: 'estimate-pdf', estimateId: estimate.id, variant: 'client' }] : [],
    unsubscribe: null,
  }
}

/** A follow-up reminder: the same link, how long the estimate has waited, and a one-click way to stop them. */
export function estimateReminderMail(opts: {
  estimate: ClientFacingEstimate
  brand: MailBrand
  to: string[]
  replyTo: string | null
  shareUrl: string
  unsubscribeUrl: string
  oneClickUrl: string
  number: number
  of: number
}): MailRequestedV1 {
  const { estimate, brand } = opts
  const company = brand.companyName ?? 'Your contractor'
  return {
    tag: 'estimate-reminder',
    to: opts.to,
    replyTo: opts.replyTo,
    fromName: fromNameOf(brand),
    subject: clip(`Reminder: your estimate for ${estimate.projectName}`, 300),
    brand,
    preheader: clip(`${company} is waiting for your answer on ${estimate.projectName}.`, 200),
    heading: clip(`Your estimate for ${estimate.projectName} is waiting`, 300),
    paragraphs: [
      `Hi ${estimate.clientName},`,
      `${company} sent you an estimate for ${estimate.propertyAddress}. When you are ready, review it online, where you can approve or decline it.`,
    ],
    details: [{ label: 'Project', value: clip(estimate.projectName, 500) }, ...estimatedTotal(estimate)],
    action: { label: 'View your estimate', url: opts.shareUrl },
    footer: [`Reminder ${opts.number} of ${opts.of}. This link is personal to you: anyone who has it can view the estimate.`],
    unsubscribe: { url: opts.unsubscribeUrl, oneClickUrl: opts.oneClickUrl, label: 'Stop reminders about this estimate' },
  }
}

/** The team's reply to the client's change request: the reply as written, and the link back, where the client can answer. */
export function estimateReplyMail(opts: {
  estimate: ClientFacingEstimate
  brand: MailBrand
  to: string[]
  replyTo: string
  shareUrl: string
  reply: string
}): MailRequestedV1 {
  const { estimate, brand } = opts
  const company = brand.companyName ?? 'Your contractor'
  return {
    tag: 'estimate-reply',
    to: opts.to,
    replyTo: opts.replyTo,
    fromName: fromNameOf(brand),
    subject: clip(`${company} replied about your estimate for ${estimate.projectName}`, 300),
    brand,
    preheader: clip(`${company} replied to your message about ${estimate.projectName}.`, 200),
    heading: clip(`A reply about ${estimate.projectName}`, 300),
    paragraphs: [`Hi ${estimate.clientName},`, `${company} replied to your message about the estimate for ${estimate.propertyAddress}.`],
    note: { label: clip(`${company} wrote`, 120), text: opts.reply },
    details: [{ label: 'Project', value: clip(estimate.projectName, 500) }],
    action: { label: 'View the estimate and reply', url: opts.shareUrl },
    footer: ['This link is personal to you: anyone who has it can view the estimate.'],
    unsubscribe: null,
  }
}
