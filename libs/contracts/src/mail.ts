import { z } from 'zod'
import { MAIL_MAX_RECIPIENTS } from './estimate-sending-text.js'

// One way out for e-mail (DESIGN §11): a service that wants a mail sent writes a mail request
// through its outbox on its own stream; the auth service's mailer consumes it, renders HTML and
// text in its one branded frame, fetches attachments by id from the documents service, sends
// through the product's SMTP settings (the development sink when unset) and records the delivery,
// once per request id.

/** Subjects of mail requests, one per producing service (each service publishes only on its own stream). */
export const MailSubjects = {
  estimates: 'estimates.mail.requested.v1',
  admin: 'admin.mail.requested.v1',
} as const

const address = z.string().trim().toLowerCase().max(254).email()

/** The sender's look: company name, logo (an absolute URL) and colours (#rrggbb), from company settings. */
export const ZMailBrand = z.object({
  companyName: z.string().nullable(),
  logoUrl: z.string().nullable(),
  primary: z.string().regex(/^#[0-9a-f]{6}$/i),
  accent: z.string().regex(/^#[0-9a-f]{6}$/i),
  /** Contact lines under the company name (e-mail, phone, address, website). */
  contactLines: z.array(z.string()).max(6).default([]),
})
export type MailBrand = z.infer<typeof ZMailBrand>

/**
 * A PDF of an estimate, rendered by the documents service when the mail goes out: `client` is
 * what a client may see (the share page's allow-list), `signed` adds the approval block.
 */
export const ZMailAttachment = z.object({ kind: z.literal('estimate-pdf'), estimateId: z.string(), variant: z.enum(['client', 'signed']) })
export type MailAttachment = z.infer<typeof ZMailAttachment>

/** Data of a mail request: the words and the look, never the HTML (the mailer owns the frame). */
export const ZMailRequestedV1 = z.object({
  /** What the mail is, for the delivery record: 'estimate-sent', 'estimate-reminder', 'notification', … */
  tag: z.string().min(1).max(60),
  to: z.array(address).min(1).max(MAIL_MAX_RECIPIENTS),
  cc: z.array(address).max(MAIL_MAX_RECIPIENTS).default([]),
  /** Replies reach the person behind the mail (the contractor who sent the estimate). */
  replyTo: address.nullable().default(null),
  /** Display name of the sender ("Acme Roofing via Plumbline"); the address stays the product's. */
  fromName: z.string().max(120).nullable().default(null),
  subject: z.string().min(1).max(300),
  brand: ZMailBrand.nullable().default(null),
  /** A short line above the heading (the preheader some clients show in the inbox list). */
  preheader: z.string().max(200).nullable().default(null),
  heading: z.string().max(300),
  paragraphs: z.array(z.string().max(5000)).max(20).default([]),
  /** A personal message quoted as written (the contractor's note to the client). */
  note: z
    .object({ label: z.string().max(120), text: z.string().max(5000) })
    .nullable()
    .default(null),
  details: z
    .array(z.object({ label: z.string().max(80), value: z.string().max(500) }))
    .max(12)
    .default([]),
  action: z
    .object({ label: z.string().max(80), url: z.string().url() })
    .nullable()
    .default(null),
  footer: z.array(z.string().max(500)).max(6).default([]),
  attachments: z.array(ZMailAttachment).max(3).default([]),
  /**
   * One-click unsubscribe (RFC 8058): `url` is the page a person opens, `oneClickUrl` takes the
   * mail client's POST (List-Unsubscribe-Post: List-Unsubscribe=One-Click).
   */
  unsubscribe: z
    .object({ url: z.string().url(), oneClickUrl: z.string().url(), label: z.string().max(200) })
    .nullable()
    .default(null),
})
export type MailRequestedV1 = z.input<typeof ZMailRequestedV1>
export type MailRequest = z.infer<typeof ZMailRequestedV1>

/** rpc.documents.estimate-pdf.render: the PDF bytes of an estimate for a mail attachment. */
export const ZEstimatePdfRequest = z.object({ orgId: z.string(), estimateId: z.string(), variant: z.enum(['client', 'signed']) })
export const ZEstimatePdfReply = z.union([
  z.object({ found: z.literal(false) }),
  z.object({ found: z.literal(true), filename: z.string(), contentBase64: z.string(), sha256: z.string() }),
])
export type EstimatePdfReply = z.infer<typeof ZEstimatePdfReply>

/** Colours of a brand from company settings' brandingColors: #rgb or #rrggbb dark enough to read on white. */
export const DEFAULT_BRAND_COLORS = { primary: '#1e3a8a', accent: '#475569' } as const

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i

function normalizeHex(hex: string): string {
  const h = hex.trim().toLowerCase()
  return h.length === 4 ? `#${h[1]}${h[1]}${h[2]}${h[2]}${h[3]}${h[3]}` : h
}

/** Relative luminance (WCAG), to refuse colours too light for text on white. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
}

/**
 * The company's colours (brandingColors JSON, e.g. {primary:'#1e3a8a', secondary:'#f59e0b'}), as
 * the PDF and the e-mails use them. Anything that is not a hex colour, or is too light for text
 * on white, falls back to the default.
 */
export function brandColorsOf(colors: Record<string, unknown>): { primary: string; accent: string } {
  const pick = (keys: string[], fallback: string) => {
    for (const k of keys) {
      const v = colors[k]
      if (typeof v === 'string' && HEX.test(v.trim()) && luminance(normalizeHex(v)) < 0.6) return normalizeHex(v)
    }
    return fallback
  }
  return {
    primary: pick(['primary', 'primaryColor'], DEFAULT_BRAND_COLORS.primary),
    accent: pick(['secondary', 'accent', 'secondaryColor'], DEFAULT_BRAND_COLORS.accent),
  }
}
