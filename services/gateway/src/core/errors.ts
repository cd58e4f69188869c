import { ErrorCode } from '@plumbline/contracts'
import { AppError } from '@plumbline/service-kit'

/**
 * The gateway's refusals. Each is an AppError, so the kit's error handler renders problem+json
 * (with these headers) exactly as every service does.
 */
export const notFound = () => new AppError(404, ErrorCode.NOT_FOUND, 'Not found')
export const unauthenticated = () => new AppError(401, ErrorCode.UNAUTHENTICATED, 'Not authenticated')
export const forbidden = (detail = 'You do not have access to this resource') => new AppError(403, ErrorCode.FORBIDDEN, detail)
export const csrfFailed = (detail: string) => new AppError(403, ErrorCode.CSRF_FAILED, detail)

/** Connection: close so node does not read (and discard) the rest of an oversized upload. */
export const payloadTooLarge = (limit: number) =>
  new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, `Request body is larger than ${limit} bytes`, undefined, { Connection: 'close' })

export const rateLimited = (retryAfterSeconds: number) =>
  new AppError(429, ErrorCode.RATE_LIMITED, 'Too many requests. Please try again later.', undefined, { 'Retry-After': String(retryAfterSeconds) })

/** Browsers and clients back off and retry; 5xx never say which dependency failed. */
export const RETRY_AFTER_SECONDS = 5
export const unavailable = () =>
  new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, 'The service is temporarily unavailable. Please try again shortly.', undefined, {
    'Retry-After': String(RETRY_AFTER_SECONDS),
  })
