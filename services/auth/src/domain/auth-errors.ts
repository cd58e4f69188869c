import { ErrorCode } from '@plumbline/contracts'
import { AppError } from '@plumbline/service-kit'

// The browser matches on these texts (spec 000 §8), so they are part of the contract.

/**
 * One answer for "no such account" and "wrong password". It must contain "Invalid" and must
 * not contain the word "email": the login screen checks "email" first to show the
 * verify-your-email notice.
 */
export const invalidCredentials = () => new AppError(401, ErrorCode.INVALID_CREDENTIALS, 'Invalid credentials')
export const emailNotVerified = () => new AppError(403, ErrorCode.EMAIL_NOT_VERIFIED, 'Please verify your email address before logging in')
export const emailTaken = () => new AppError(409, ErrorCode.EMAIL_TAKEN, 'An account with this email already exists')
export const registrationDisabled = () => new AppError(403, ErrorCode.FORBIDDEN, 'Registration is currently disabled')
export const invalidVerificationToken = () => new AppError(400, ErrorCode.TOKEN_INVALID, 'Invalid verification token')
export const expiredVerificationToken = () => new AppError(410, ErrorCode.TOKEN_EXPIRED, 'Verification link has expired')
export const invalidResetToken = () => new AppError(400, ErrorCode.TOKEN_INVALID, 'Invalid reset token')
export const expiredResetToken = () => new AppError(410, ErrorCode.TOKEN_EXPIRED, 'Reset link has expired')
/** Per-account slow-down (data/login-throttle.ts): the same code and text as the gateway's per-IP limit. */
export const tooManyLoginAttempts = (retryAfterSeconds: number) =>
  new AppError(429, ErrorCode.RATE_LIMITED, 'Too many requests. Please try again later.', undefined, { 'Retry-After': String(retryAfterSeconds) })
export const notAuthenticated = () => new AppError(401, ErrorCode.UNAUTHENTICATED, 'Not authenticated')

/** Prisma's unique-constraint violation (also raised through the pg driver adapter). */
export const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === 'P2002'
