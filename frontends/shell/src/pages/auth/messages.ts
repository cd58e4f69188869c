import { parseApiError } from '@plumbline/web'

/** Spec 000 §8 error catalogue for the account screens. */
export const LOGIN_MESSAGES = {
  unverified: 'Please verify your email address before logging in. Check your inbox for the verification link.',
  invalid: 'Invalid email or password. Please try again.',
  failed: 'Login failed. Please try again.',
} as const

export function loginErrorMessage(error: unknown): string {
  const { status, message, raw } = parseApiError(error)
  const text = message || raw
  // A 401 is always bad credentials, even if the server's wording mentions "email".
  if (/email/i.test(text) && status !== 401) return LOGIN_MESSAGES.unverified
  if (/invalid/i.test(text) || status === 401) return LOGIN_MESSAGES.invalid
  return LOGIN_MESSAGES.failed
}

export const REGISTER_MESSAGES = {
  exists: 'An account with this email already exists. Please try logging in instead.',
  disabled: 'Registration is currently disabled. Please contact support for assistance.',
  failed: 'Registration failed. Please try again.',
} as const

export function registerErrorMessage(error: unknown): string {
  const { message, raw } = parseApiError(error)
  const text = `${message} ${raw}`.toLowerCase()
  if (text.includes('already exists')) return REGISTER_MESSAGES.exists
  if (text.includes('disabled')) return REGISTER_MESSAGES.disabled
  return REGISTER_MESSAGES.failed
}

export const FORGOT_PASSWORD_ERROR = 'Failed to send reset email. Please try again.'

export const RESET_MESSAGES = {
  missingToken: 'Invalid or missing reset token. Please request a new password reset.',
  expired: 'This reset link has expired. Please request a new password reset.',
  invalid: 'Invalid reset link. Please request a new password reset.',
  failed: 'Failed to reset password. Please try again.',
} as const

export function resetErrorMessage(error: unknown): string {
  const { message, raw } = parseApiError(error)
  const text = message || raw
  if (/expired/i.test(text)) return RESET_MESSAGES.expired
  if (/invalid/i.test(text)) return RESET_MESSAGES.invalid
  return RESET_MESSAGES.failed
}

export const VERIFY_MESSAGES = {
  missingToken: 'Invalid or missing verification token.',
  expired: 'This verification link has expired.',
  alreadyVerified: 'Your email is already verified.',
  failed: 'Email verification failed. The link may be invalid or expired.',
  resent: 'A new verification email has been sent. Please check your inbox.',
  resendFailed: 'Failed to resend verification email. Please try again later.',
  noEmail: 'No email provided for resending verification',
} as const

export type VerifyOutcome = { state: 'success' | 'expired' | 'error'; message: string }

/** Maps a verify-email failure; 'already verified' counts as success. */
export function verifyErrorOutcome(error: unknown): VerifyOutcome {
  const { message, raw } = parseApiError(error)
  const text = `${message} ${raw}`.toLowerCase()
  if (text.includes('already verified')) return { state: 'success', message: VERIFY_MESSAGES.alreadyVerified }
  if (text.includes('expired')) return { state: 'expired', message: VERIFY_MESSAGES.expired }
  return { state: 'error', message: VERIFY_MESSAGES.failed }
}

/** Forced reset failure: the server's message, or the fallback. */
export function forcedResetErrorMessage(error: unknown): string {
  const { message } = parseApiError(error)
  return message?.trim() ? message : 'Failed to reset password.'
}
