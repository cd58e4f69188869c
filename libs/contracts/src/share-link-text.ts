// Texts of share-link governance (expiry, passcode), free of zod so the share page can use them
// (subpath @plumbline/contracts/share-link-text); the schemas in estimates.ts build on them.

/** The header the share page sends the passcode in (never the URL: it would end up in logs and history). */
export const SHARE_PASSCODE_HEADER = 'x-share-passcode'
export const SHARE_LINK_MESSAGES = {
  expired: 'This estimate link has expired. Ask your contractor for a new one.',
  passcodeRequired: 'Enter the passcode your contractor gave you to view this estimate.',
  passcodeWrong: 'That passcode is not right. Please try again.',
  tooManyAttempts: 'Too many wrong passcodes. Please wait a few minutes and try again.',
  notShared: 'Sharing is off for this estimate. Enable sharing first.',
  expiresInPast: 'The expiry must be in the future',
  passcodeLength: 'The passcode must be 4 to 64 characters',
} as const
