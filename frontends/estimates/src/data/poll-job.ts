import type { JobStatusResponse } from '@plumbline/contracts'

/** Spec 000 §9: poll every 2 seconds, at most 60 attempts. */
export const POLL_INTERVAL_MS = 2000
export const POLL_MAX_ATTEMPTS = 60

export const POLL_MESSAGES = {
  failed: 'AI generation failed',
  cancelled: 'AI generation was cancelled',
  timedOut: 'AI generation timed out',
} as const

export type JobResult = NonNullable<JobStatusResponse['result']>

export type PollJobOptions = {
  /** One status read (GET …/jobs/{jobId}/status); a throw counts as a request error. */
  fetchStatus: () => Promise<JobStatusResponse>
  intervalMs?: number
  maxAttempts?: number
  /** Stops waiting at once (the user cancelled or left the page). */
  signal?: AbortSignal
  /** Each status seen, for progress displays. */
  onStatus?: (status: JobStatusResponse, attempt: number) => void
}

/** Raised for every way a job ends without a result; `message` is the text the UI shows. */
export class JobError extends Error {
  constructor(
    message: string,
    readonly reason: 'failed' | 'cancelled' | 'timeout' | 'aborted',
  ) {
    super(message)
    this.name = 'JobError'
  }
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new JobError(POLL_MESSAGES.cancelled, 'aborted'))
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(new JobError(POLL_MESSAGES.cancelled, 'aborted'))
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/**
 * The AI job polling rules of spec 000 §4, in one place for the create flow and the detail page:
 * completed with a result returns it; failed raises the server's error or 'AI generation failed';
 * cancelled raises 'AI generation was cancelled'; anything else waits and polls again. After the
 * last attempt it stops with 'AI generation timed out'. A request error is retried like a pending
 * status, except on the last attempt, where it is raised as it is.
 */
export async function pollJob({
  fetchStatus,
  intervalMs = POLL_INTERVAL_MS,
  maxAttempts = POLL_MAX_ATTEMPTS,
  signal,
  onStatus,
}: PollJobOptions): Promise<JobResult> {
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    if (signal?.aborted) throw new JobError(POLL_MESSAGES.cancelled, 'aborted')
    let status: JobStatusResponse
    try {
      status = await fetchStatus()
    } catch (err) {
      if (attempt === maxAttempts) throw err
      await wait(intervalMs, signal)
      continue
    }
    onStatus?.(status, attempt)
    if (status.status === 'completed' && status.result) return status.result
    if (status.status === 'failed') throw new JobError(status.error || status.message || POLL_MESSAGES.failed, 'failed')
    if (status.status === 'cancelled') throw new JobError(POLL_MESSAGES.cancelled, 'cancelled')
    if (attempt < maxAttempts) await wait(intervalMs, signal)
  }
  throw new JobError(POLL_MESSAGES.timedOut, 'timeout')
}
