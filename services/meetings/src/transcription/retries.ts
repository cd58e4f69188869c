import { TranscriptionFailedError } from './provider.js'

export type RetryPolicy = { maxAttempts: number; baseMs: number; maxDelayMs?: number }

/** Exponential back-off with ±50 % jitter, so many failed calls do not come back in lock step. */
export const backoffMs = (attempt: number, baseMs: number, random = Math.random): number => Math.round(baseMs * 2 ** (attempt - 1) * (0.5 + random()))

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        reject(signal.reason)
      },
      { once: true },
    )
  })

/**
 * Runs a call, retrying retryable TranscriptionFailedErrors up to maxAttempts in all, after the
 * back-off or the server's own Retry-After when longer (both capped by maxDelayMs).
 */
export async function withRetries<T>(call: () => Promise<T>, policy: RetryPolicy, signal?: AbortSignal): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call()
    } catch (err) {
      if (!(err instanceof TranscriptionFailedError) || !err.retryable || attempt >= policy.maxAttempts || signal?.aborted) throw err
      const delay = Math.min(Math.max(backoffMs(attempt, policy.baseMs), err.retryAfterMs ?? 0), policy.maxDelayMs ?? 60_000)
      await sleep(delay, signal)
    }
  }
}
