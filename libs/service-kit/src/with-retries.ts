/** Exponential back-off with ±50 % jitter, so many failed calls do not come back in lock step. */
export const backoffMs = (attempt: number, baseMs: number, random = Math.random): number => Math.round(baseMs * 2 ** (attempt - 1) * (0.5 + random()))

export type RetryPolicy<E = unknown> = {
  maxAttempts: number
  baseMs: number
  /** Caps each wait (the back-off or the server's Retry-After); no cap when absent. */
  maxDelayMs?: number
  onRetry?: (attempt: number, err: E, delayMs: number) => void
}

/** Which failures a caller may retry, and how long the other side asked it to wait. */
export type RetryRule<E> = { retryable: (err: unknown) => err is E; retryAfterMs?: (err: E) => number | undefined }

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
 * Runs a call to a third party (a model, a recogniser), retrying the failures `rule` says are
 * retryable up to maxAttempts in all, after the back-off or the server's own Retry-After when
 * longer; anything else, or a cancel, is thrown at once.
 */
export async function withRetries<T, E>(call: () => Promise<T>, policy: RetryPolicy<E>, rule: RetryRule<E>, signal?: AbortSignal): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call()
    } catch (err) {
      if (!rule.retryable(err) || attempt >= policy.maxAttempts || signal?.aborted) throw err
      const wanted = Math.max(backoffMs(attempt, policy.baseMs), rule.retryAfterMs?.(err) ?? 0)
      const delay = policy.maxDelayMs === undefined ? wanted : Math.min(wanted, policy.maxDelayMs)
      policy.onRetry?.(attempt, err, delay)
      await sleep(delay, signal)
    }
  }
}
