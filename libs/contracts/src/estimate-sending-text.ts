// Texts and limits of sending an estimate, free of zod so a screen can use them (subpath
// @plumbline/contracts/estimate-sending-text); the schemas in estimate-sending.ts build on them.

/** At most this many addresses in a mail's to and cc together. */
export const MAIL_MAX_RECIPIENTS = 10

export const SEND_LIMITS = {
  /** Addresses in to and cc together. */
  recipients: MAIL_MAX_RECIPIENTS,
  subject: 200,
  message: 5000,
  /** Sends per organisation in any rolling hour (429 with Retry-After beyond). */
  perOrganizationPerHour: 50,
} as const

export const SEND_MESSAGES = {
  recipientRequired: 'Add at least one recipient',
  invalidEmail: 'Please enter a valid email',
  tooManyRecipients: `At most ${MAIL_MAX_RECIPIENTS} recipients`,
  tooManyInAll: `At most ${MAIL_MAX_RECIPIENTS} recipients in all (to and cc)`,
  subjectEmpty: 'Subject must not be empty',
  subjectTooLong: `Subject must be at most ${SEND_LIMITS.subject} characters`,
  messageTooLong: 'Message must be at most 5,000 characters',
  declined: 'This estimate was declined by the client. Reopen it before sending it again.',
  expired: 'The share link has expired. Extend it before sending the estimate.',
  rateLimited: `At most ${SEND_LIMITS.perOrganizationPerHour} estimates can be sent per hour. Please try again later.`,
} as const

/** The subject when none is given. */
export const defaultSendSubject = (projectName: string, companyName: string | null) =>
  `Your estimate for ${projectName}${companyName ? ` from ${companyName}` : ''}`

// ── Follow-up reminders ───────────────────────────────────────────────────────────────────
/** Bounds of a reminder schedule: every 1–30 days, at most 1–10 reminders. */
export const REMINDER_LIMITS = { everyDays: { min: 1, max: 30 }, max: { min: 1, max: 10 } } as const

/** An organisation that never chose: reminders off, every 3 days, at most 3. */
export const REMINDER_DEFAULTS = { enabled: false, everyDays: 3, max: 3 } as const

export const REMINDER_MESSAGES = {
  everyDays: `Remind every ${REMINDER_LIMITS.everyDays.min} to ${REMINDER_LIMITS.everyDays.max} days`,
  max: `Send ${REMINDER_LIMITS.max.min} to ${REMINDER_LIMITS.max.max} reminders`,
} as const

/** Why a schedule ended, as the share dialog says it. */
export const REMINDER_STOP_TEXT = {
  done: 'All reminders sent',
  decided: 'The client decided',
  expired: 'The link expired',
  'link-disabled': 'Sharing was turned off',
  unsubscribed: 'The client unsubscribed',
  'no-recipient': 'No client e-mail to remind',
  'changes-requested': 'Paused: the client asked for changes (resumes with the next send)',
} as const
export type ReminderStopReason = keyof typeof REMINDER_STOP_TEXT
