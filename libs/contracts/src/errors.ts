import { z } from 'zod'

/** Stable machine-readable error names carried in problem+json `code`. */
export const ErrorCode = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  NOT_FOUND: 'NOT_FOUND',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  CSRF_FAILED: 'CSRF_FAILED',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL: 'INTERNAL',
  /** A request/reply answer that is not JSON or does not match the reply's schema. */
  INVALID_REPLY: 'INVALID_REPLY',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  TOKEN_INVALID: 'TOKEN_INVALID',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  ALREADY_VERIFIED: 'ALREADY_VERIFIED',
  ESTIMATE_LIMIT_REACHED: 'ESTIMATE_LIMIT_REACHED',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
} as const
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode]

export const ZFieldError = z.object({ field: z.string(), message: z.string() })
export type FieldError = z.infer<typeof ZFieldError>

/**
 * RFC 9457 problem details. `message` repeats `detail` because the spec's screens read a
 * server `message` (e.g. the logo upload error body) and the web client shows "status: text".
 */
export const ZProblem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  code: z.string(),
  detail: z.string().optional(),
  message: z.string().optional(),
  errors: z.array(ZFieldError).optional(),
  traceId: z.string().optional(),
})
export type Problem = z.infer<typeof ZProblem>
