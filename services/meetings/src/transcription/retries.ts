import { type RetryPolicy, withRetries as retrying } from '@plumbline/service-kit'
import { TranscriptionFailedError } from './provider.js'

/** The recognisers' rule: a retryable TranscriptionFailedError, after the server's Retry-After when it gave one. */
const RECOGNISER_RULE = {
  retryable: (err: unknown): err is TranscriptionFailedError => err instanceof TranscriptionFailedError && err.retryable,
  retryAfterMs: (err: TranscriptionFailedError) => err.retryAfterMs,
}

/** Runs one recogniser call with the service kit's bounded retries; a wait is capped at a minute. */
export const withRetries = <T>(call: () => Promise<T>, policy: RetryPolicy<TranscriptionFailedError>, signal?: AbortSignal): Promise<T> =>
  retrying(call, { maxDelayMs: 60_000, ...policy }, RECOGNISER_RULE, signal)
