import { z } from 'zod'
import { MAIL_MAX_RECIPIENTS, SEND_LIMITS, SEND_MESSAGES } from './estimate-sending-text.js'

export * from './estimate-sending-text.js'

// Sending an estimate from the app (POST …/estimates/{id}/send) and the estimate's timeline.

const recipient = z.string({ error: SEND_MESSAGES.invalidEmail }).trim().toLowerCase().max(254, SEND_MESSAGES.invalidEmail).email(SEND_MESSAGES.invalidEmail)

/** POST …/estimates/{id}/send. Recipients are de-duplicated (an address in both to and cc goes in to). */
export const ZSendEstimateBody = z
  .object({
    to: z
      .array(recipient, { error: SEND_MESSAGES.recipientRequired })
      .min(1, SEND_MESSAGES.recipientRequired)
      .max(MAIL_MAX_RECIPIENTS, SEND_MESSAGES.tooManyRecipients),
    cc: z.array(recipient).max(MAIL_MAX_RECIPIENTS, SEND_MESSAGES.tooManyRecipients).default([]),
    subject: z.string().trim().min(1, SEND_MESSAGES.subjectEmpty).max(SEND_LIMITS.subject, SEND_MESSAGES.subjectTooLong).optional(),
    message: z.string().max(SEND_LIMITS.message, SEND_MESSAGES.messageTooLong).optional(),
    attachPdf: z.boolean().default(false),
  })
  .superRefine((b, ctx) => {
    if (new Set([...b.to, ...b.cc]).size > MAIL_MAX_RECIPIENTS) ctx.addIssue({ code: 'custom', path: ['cc'], message: SEND_MESSAGES.tooManyInAll })
  })
export type SendEstimateBody = z.input<typeof ZSendEstimateBody>

/** 202: the mail is queued (the outbox); it leaves once the mailer has it. */
export const ZSendEstimateResult = z.object({
  sendId: z.string(),
  status: z.literal('queued'),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string(),
  shareUrl: z.string(),
  sentAt: z.string(),
})
export type SendEstimateResult = z.infer<typeof ZSendEstimateResult>

// ── Timeline ───────────────────────────────────────────────────────────────────────────────
export const TIMELINE_KINDS = ['sent', 'viewed', 'approved', 'declined'] as const
export const ZTimelineKind = z.enum(TIMELINE_KINDS)
export type TimelineKind = z.infer<typeof ZTimelineKind>

/** One line of an estimate's timeline: who did what, when; `actorEmail` null for the client. */
export const ZTimelineEntry = z.object({
  id: z.string(),
  kind: ZTimelineKind,
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  summary: z.string(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
})
export type TimelineEntry = z.infer<typeof ZTimelineEntry>
