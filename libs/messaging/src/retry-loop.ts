import { TimeoutError } from '@nats-io/transport-node'
import type { MessagingLogger } from './logger.js'

/** Exponential back-off after consecutive failures: baseMs, 2·baseMs, 4·baseMs … capped at maxMs. */
export type Backoff = {
  baseMs: number
  maxMs: number
  /** ±20 %, so several replicas do not retry in step after a shared outage. */
  jitter?: boolean
}

export function backoffDelay({ baseMs, maxMs, jitter }: Backoff, failures: number): number {
  const delay = Math.min(maxMs, baseMs * 2 ** Math.min(Math.max(failures - 1, 0), 30))
  return jitter ? Math.round(delay * (0.8 + Math.random() * 0.4)) : delay
}

/** What a round sees of its loop. */
export type LoopState = {
  /** True once stop() was called: hand work back rather than start it. */
  readonly stopping: boolean
  /** Aborted by stop(), for work that can be interrupted. */
  readonly signal: AbortSignal
  /** The round is making progress (a message arrived): the next failure backs off from the start. */
  progressed(): void
}

export type RetryLoopOptions = {
  logger: MessagingLogger
  /** Names the loop in its log lines: 'outbox relay', 'consumer admin-on-estimate-created-v1'. */
  name: string
  logFields?: Record<string, unknown>
  /**
   * One round: drain a batch, or consume until the message iterator ends. Resolves to how long
   * to wait before the next round (0: at once); a throw counts as a failure and backs off.
   */
  round: (loop: LoopState) => Promise<number>
  backoff: Backoff
  /** Checked before each round; false ends the loop (e.g. the NATS connection was closed). */
  canRun?: () => boolean
  /** Ends a round in progress when stop() is called (e.g. close the message iterator). */
  interrupt?: () => Promise<void>
}

export type RetryLoop = LoopState & {
  /** Stops waiting, interrupts the round in progress and resolves when the loop has ended. */
  stop(): Promise<void>
}

/**
 * The one reconnect loop of the services (outbox relay, event consumers, the AI job worker):
 * rounds run one after another until stop(); a failing round is logged and retried after an
 * exponential back-off, and never escapes the loop, so NATS or the database being down delays
 * work but does not take the service down. Recovery after failures is logged once.
 */
export function startRetryLoop(opts: RetryLoopOptions): RetryLoop {
  const { logger, name, logFields = {} } = opts
  const controller = new AbortController()
  let failures = 0
  let wake: (() => void) | undefined
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer)
        wake = undefined
        resolve()
      }
      const timer = setTimeout(done, ms)
      wake = done
    })

  const state: LoopState = {
    get stopping() {
      return controller.signal.aborted
    },
    signal: controller.signal,
    progressed() {
      if (failures > 0) logger.info({ ...logFields, failures }, `${name} recovered`)
      failures = 0
    },
  }
  const canRun = () => !state.stopping && (opts.canRun?.() ?? true)

  const done = (async () => {
    while (canRun()) {
      let waitMs: number
      try {
        waitMs = await opts.round(state)
      } catch (err) {
        failures++
        waitMs = backoffDelay(opts.backoff, failures)
        logger.warn({ ...logFields, err, failures, retryInMs: waitMs }, `${name} failed; retrying`)
      }
      if (!canRun()) break
      if (waitMs > 0) await sleep(waitMs)
    }
  })()

  return {
    get stopping() {
      return state.stopping
    },
    signal: state.signal,
    progressed: state.progressed,
    async stop() {
      controller.abort()
      wake?.()
      await opts.interrupt?.()
      await done
    },
  }
}

/**
 * A JetStream management call that timed out, tried again (five tries, about a minute in all).
 * At start-up a busy server or a starved event loop can miss the request's deadline; for the
 * idempotent set-up calls (streams, consumers) a service that gave up at once would never start.
 */
export async function retryingTimeouts<T>(call: () => Promise<T>, tries = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call()
    } catch (err) {
      if (!(err instanceof TimeoutError) || attempt >= tries) throw err
      await new Promise((r) => setTimeout(r, 1000 * attempt))
    }
  }
}
