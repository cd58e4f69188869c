// The admin dialogs' texts (spec 001 §4), kept free of zod so the admin remote can show them
// without loading the schemas (src/admin.ts checks the same texts on the server and in the dialog).

export const ADMIN_MESSAGES = {
  emailRequired: 'Email is required.',
  passwordRequired: 'Password is required when setting custom password.',
  passwordTooShort: 'Password must be at least 8 characters long.',
  passwordsDiffer: 'Passwords do not match.',
  membershipIncomplete: 'Please select both organization and role.',
} as const
