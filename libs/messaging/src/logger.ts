import type { Logger } from 'pino'

/** The part of a pino logger this package uses, so a child logger or a test stub fits. */
export type MessagingLogger = Pick<Logger, 'debug' | 'info' | 'warn' | 'error'>
