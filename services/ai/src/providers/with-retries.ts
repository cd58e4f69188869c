import { ProviderError } from './provider-error.js'

export type RetryPolicy = { maxAttempts: number; baseMs: number; onRetry?: (attempt: number, err: ProviderError, delayMs: number) => void }

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

/** Runs a provider call, retrying retryable failures up to maxAttempts in all; anything else is thrown at once. */
export async function withRetries<T>(call: () => Promise<T>, policy: RetryPolicy, signal?: AbortSignal): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call()
    } catch (err) {
      if (!(err instanceof ProviderError) || !err.retryable || attempt >= policy.maxAttempts || signal?.aborted) throw err
      const delay = backoffMs(attempt, policy.baseMs)
      policy.onRetry?.(attempt, err, delay)
      await sleep(delay, signal)
    }
  }
}
