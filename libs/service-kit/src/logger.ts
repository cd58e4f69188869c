import { currentLogIds } from '@plumbline/telemetry'
import { type Logger, pino } from 'pino'

export type { Logger }

/** Every line written inside a trace carries its traceId and spanId, so a log line finds its trace. */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ name: service, level, base: { service }, timestamp: pino.stdTimeFunctions.isoTime, mixin: currentLogIds })
}
