// The admin dialogs' texts (spec 001 §4), kept free of zod so the admin remote can show them
// without loading the schemas (src/admin.ts checks the same texts on the server and in the dialog).

export const ADMIN_MESSAGES = {
  emailRequired: 'Email is required.',
  passwordRequired: 'Password is required when setting custom password.',
  passwordTooShort: 'Password must be at least 8 characters long.',
  passwordsDiffer: 'Passwords do not match.',
  membershipIncomplete: 'Please select both organization and role.',
} as const

/**
 * Notification kinds that can also come by e-mail (the client's actions on an estimate); each user
 * chooses per kind, bell only or bell and e-mail (e-mail on until they turn it off).
 */
export const EMAIL_NOTIFICATION_KINDS = ['estimate_viewed', 'estimate_approved', 'estimate_declined', 'estimate_change_requested'] as const
export type EmailNotificationKind = (typeof EMAIL_NOTIFICATION_KINDS)[number]

/** What each e-mailed kind is about, as Settings and the unsubscribe page name it. */
export const EMAIL_NOTIFICATION_LABELS: Record<EmailNotificationKind, string> = {
  estimate_viewed: 'A client opens an estimate (first time that day)',
  estimate_approved: 'A client approves an estimate',
  estimate_declined: 'A client declines an estimate',
  estimate_change_requested: 'A client asks for changes to an estimate',
}
