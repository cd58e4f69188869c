import { z } from 'zod'
import { personName } from './text.js'

/** Password rules of spec 000 §5, shared by the register/reset forms and the auth service. */
export const MIN_PASSWORD_LENGTH = 8
export const ZStrongPassword = z
  .string({ error: 'Password is required' })
  .min(MIN_PASSWORD_LENGTH, 'Password must be at least 8 characters long')
  .regex(/[A-Z]/, 'Password must contain at least one uppercase letter')
  .regex(/[a-z]/, 'Password must contain at least one lowercase letter')
  .regex(/[0-9]/, 'Password must contain at least one number')
  .max(256, 'Password must be at most 256 characters long')

export const ZEmail = z.string({ error: 'Please enter a valid email address' }).trim().toLowerCase().max(254).email('Please enter a valid email address')

export const ZLoginBody = z.object({
  email: ZEmail,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256),
})
export type LoginBody = z.infer<typeof ZLoginBody>
export const ZLoginResponse = z.object({ next: z.enum(['home', 'force_reset']) })

export const ZRegisterBody = z.object({
  email: ZEmail,
  password: ZStrongPassword,
  firstName: personName('First name is required'),
  lastName: personName('Last name is required'),
})
export type RegisterBody = z.infer<typeof ZRegisterBody>

/** The register form adds a confirmation that never leaves the browser. */
export const ZRegisterForm = ZRegisterBody.extend({ confirmPassword: z.string() }).refine((v) => v.password === v.confirmPassword, {
  message: "Passwords don't match",
  path: ['confirmPassword'],
})

export const ZVerifyEmailBody = z.object({
  token: z.string({ error: 'Invalid or missing verification token.' }).min(1, 'Invalid or missing verification token.').max(512),
})
export const ZResendVerificationBody = z.object({ email: ZEmail })
export const ZRequestPasswordResetBody = z.object({ email: ZEmail })
export const ZResetPasswordBody = z.object({
  token: z
    .string({ error: 'Invalid or missing reset token. Please request a new password reset.' })
    .min(1, 'Invalid or missing reset token. Please request a new password reset.')
    .max(512),
  password: ZStrongPassword,
})
export const ZResetPasswordForm = z
  .object({ password: ZStrongPassword, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] })

/** Forced reset: length only (spec 000 §5: "No case or digit rule applies"). */
export const ZResetTemporaryPasswordBody = z.object({
  newPassword: z
    .string({ error: 'Password must be at least 8 characters long.' })
    .min(MIN_PASSWORD_LENGTH, 'Password must be at least 8 characters long.')
    .max(256),
})

export const ZMessageResponse = z.object({ message: z.string() })

/** Reset links expire after one hour (spec 000 §9). */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000
export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000
