import { z } from 'zod'
import { MAIL_MAX_RECIPIENTS, REMINDER_LIMITS, REMINDER_MESSAGES, REMINDER_STOP_TEXT, SEND_LIMITS, SEND_MESSAGES } from './estimate-sending-text.js'

export * from './estimate-sending-text.js'

// Sending an estimate from the app (POST …/estimates/{id}/send), its follow-up reminders and the
// estimate's timeline.

/**
 * Follow-up reminders: while the link is open and undecided the client gets a reminder every
 * `everyDays` days, at most `max` of them. The company's default (settings) applies to a send
 * that names none; the share dialog changes an estimate's own.
 */
export const ZReminderSettings = z.object({
  enabled: z.boolean(),
  everyDays: z
    .number({ error: REMINDER_MESSAGES.everyDays })
    .int(REMINDER_MESSAGES.everyDays)
    .min(REMINDER_LIMITS.everyDays.min, REMINDER_MESSAGES.everyDays)
    .max(REMINDER_LIMITS.everyDays.max, REMINDER_MESSAGES.everyDays),
  max: z
    .number({ error: REMINDER_MESSAGES.max })
    .int(REMINDER_MESSAGES.max)
    .min(REMINDER_LIMITS.max.min, REMINDER_MESSAGES.max)
    .max(REMINDER_LIMITS.max.max, REMINDER_MESSAGES.max),
})
export type ReminderSettings = z.infer<typeof ZReminderSettings>

export const ZReminderStopReason = z.enum(Object.keys(REMINDER_STOP_TEXT) as [keyof typeof REMINDER_STOP_TEXT, ...(keyof typeof REMINDER_STOP_TEXT)[]])

/** An estimate's schedule as the contractor sees it: the settings, how many went out, the next one, or why it ended. */
export const ZReminderState = ZReminderSettings.extend({
  sent: z.number().int(),
  nextAt: z.string().nullable(),
  stoppedReason: ZReminderStopReason.nullable(),
  recipients: z.array(z.string()),
})
export type ReminderState = z.infer<typeof ZReminderState>

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
    /** This estimate's reminders from now on; the company's default when left out. */
    reminders: ZReminderSettings.optional(),
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
export const TIMELINE_KINDS = ['sent', 'reminded', 'viewed', 'change_requested', 'approved', 'declined'] as const
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

/** POST /public/estimates/{token}/unsubscribe: the client's one-click stop of reminders (RFC 8058). */
export const ZReminderUnsubscribeResult = z.object({ unsubscribed: z.literal(true) })
