export type { SqlTx, TransactionRunner } from './sql-tx.js'
export { pgTransactionRunner } from './pg-transaction-runner.js'
export { OUTBOX_TABLES_SQL, OUTBOX_PRISMA_MODELS } from './outbox-tables.js'
export { createEnvelope, type CreateEnvelopeInput } from './create-envelope.js'
export { writeOutbox } from './write-outbox.js'
export type { MessagingLogger } from './logger.js'
export { connectBus, type Bus, type ConnectBusOptions } from './connect-bus.js'
export { ensureStream, ensureStreamExists, DUPLICATE_WINDOW_MS, type EnsureStreamOptions } from './ensure-stream.js'
export { streamName, consumerName, prefixSubject } from './names.js'
export { startOutboxRelay, type OutboxRelay, type OutboxRelayOptions } from './outbox-relay.js'
export { consume, type ConsumeEventsOptions, type EventConsumer, type EventHandler } from './consume.js'
export { deadLetterSubject, type DeadLetter } from './dead-letter.js'
export { reply, request, type Replier, type ReplyBody, type RequestOptions } from './request-reply.js'
export { codedError, type CodedError } from './coded-error.js'
export { traceHeaders, contextFromHeaders } from './trace-context.js'
export {
  BUS_GRANTS,
  BUS_SERVICES,
  busPermissions,
  inboxPrefixOf,
  natsPasswordVariable,
  natsServerConfig,
  type BusGrant,
  type BusService,
} from './permissions.js'
export { startRetryLoop, backoffDelay, type Backoff, type LoopState, type RetryLoop, type RetryLoopOptions } from './retry-loop.js'
