import { currentLogIds } from '@plumbline/telemetry'
import { type DestinationStream, type Logger, pino, destination as pinoDestination } from 'pino'

export type { Logger }

/** How long a line may wait in the buffer before it is written. */
export const LOG_FLUSH_MS = 1000

let stdout: (DestinationStream & { flush(): void }) | undefined

/**
 * The process's one stdout for log lines: lines gather into writes of 4 kB, written at least every
 * LOG_FLUSH_MS, and pino writes what is left synchronously on exit (a crash included; only SIGKILL
 * loses the last second). pino's default wrote each line on its own: the access log cost every
 * request a write on a thread-pool thread and an event-loop wake-up (strace of the gateway at
 * the info level).
 */
function bufferedStdout() {
  if (!stdout) {
    const destination = pinoDestination({ dest: 1, minLength: 4096, sync: false })
    setInterval(() => destination.flush(), LOG_FLUSH_MS).unref()
    stdout = destination
  }
  return stdout
}

/** Every line written inside a trace carries its traceId and spanId, so a log line finds its trace. */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ name: service, level, base: { service }, timestamp: pino.stdTimeFunctions.isoTime, mixin: currentLogIds }, bufferedStdout())
}
