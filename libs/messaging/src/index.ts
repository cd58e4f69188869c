export { type CodedError, codedError } from './coded-error.js'
export { type Bus, type ConnectBusOptions, connectBus } from './connect-bus.js'
export { type AfterCommit, type ConsumeEventsOptions, consume, type EventConsumer, type EventHandler } from './consume.js'
export { type CreateEnvelopeInput, createEnvelope } from './create-envelope.js'
export { type DeadLetter, deadLetterSubject } from './dead-letter.js'
export { DUPLICATE_WINDOW_MS, type EnsureStreamOptions, ensureStream, ensureStreamExists } from './ensure-stream.js'
export {
  holdLease,
  type JobConsumer,
  type JobConsumerOptions,
  type JobOutcome,
  type JobRef,
  type JobRunOptions,
  type LeaseHold,
  startJobConsumer,
} from './job-consumer.js'
export type { MessagingLogger } from './logger.js'
export { consumerName, prefixSubject, streamName } from './names.js'
export { type OutboxRelay, type OutboxRelayOptions, startOutboxRelay } from './outbox-relay.js'
export { OUTBOX_PRISMA_MODELS, OUTBOX_TABLES_SQL } from './outbox-tables.js'
export {
  BUS_GRANTS,
  BUS_SERVICES,
  type BusGrant,
  type BusService,
  busPermissions,
  inboxPrefixOf,
  NATS_PASSWORD_PATTERN,
  natsPasswordVariable,
  natsServerConfig,
  newNatsPassword,
} from './permissions.js'
export { pgTransactionRunner } from './pg-transaction-runner.js'
export { type MessagingPruner, messagingRetention, type PruneCounts, type PruneRetention, pruneMessagingTables, startMessagingPruner } from './prune.js'
export { type ErrorReport, reportError } from './report-error.js'
export { type Replier, type ReplyBody, type RequestOptions, reply, request, requestAll } from './request-reply.js'
export { type Backoff, backoffDelay, type LoopState, type RetryLoop, type RetryLoopOptions, startRetryLoop } from './retry-loop.js'
export type { SqlTx, TransactionRunner } from './sql-tx.js'
export { countMessaging, type MessagingStat, messagingTotals } from './stats.js'
export { contextFromHeaders, traceHeaders, traceIdOfTraceparent } from './trace-context.js'
export { writeOutbox } from './write-outbox.js'
