import type { MessagingLogger } from './logger.js'
import { startRetryLoop } from './retry-loop.js'
import { qualifiedTable } from './sql-names.js'
import type { TransactionRunner } from './sql-tx.js'

export type PruneRetention = {
  /** Published outbox rows older than this are deleted (unpublished rows never are). */
  outboxMs: number
  /**
   * Consumer de-duplication rows older than this are deleted. Must exceed the stream's max age:
   * a message can only be redelivered while the stream still holds it, so an older row can never
   * stop a duplicate again (see messagingRetention).
   */
  processedMs: number
}

export type PruneCounts = { outbox: number; processed: number }

const BATCH = 5_000

/**
 * Deletes what the outbox and the consumers no longer need, in short batches so that a large
 * backlog never holds locks for long or blocks the relay. processed_events has no index on
 * processed_at: the table only holds the stream's max age of events, and this runs hourly.
 */
export async function pruneMessagingTables(run: TransactionRunner, schema: string, retention: PruneRetention): Promise<PruneCounts> {
  const outbox = qualifiedTable(schema, 'outbox_events')
  const processed = qualifiedTable(schema, 'processed_events')
  return {
    outbox: await deleteInBatches(
      run,
      `DELETE FROM ${outbox} WHERE id IN (SELECT id FROM ${outbox} WHERE published_at IS NOT NULL AND published_at < now() - $1::interval LIMIT ${BATCH})`,
      retention.outboxMs,
    ),
    processed: await deleteInBatches(
      run,
      `DELETE FROM ${processed} WHERE ctid IN (SELECT ctid FROM ${processed} WHERE processed_at < now() - $1::interval LIMIT ${BATCH})`,
      retention.processedMs,
    ),
  }
}

async function deleteInBatches(run: TransactionRunner, sql: string, olderThanMs: number): Promise<number> {
  const interval = `${Math.trunc(olderThanMs)} milliseconds`
  let total = 0
  for (;;) {
    const n = await run((tx) => tx.$executeRawUnsafe(sql, interval))
    total += n
    if (n < BATCH) return total
  }
}

const HOUR_MS = 3_600_000

/**
 * Retention derived from the stream's: processed rows outlive the stream's max age by a day, so
 * no redelivery can find its row gone. With no stream max age (keep forever), rows are kept too.
 */
export function messagingRetention(opts: { outboxHours: number; streamMaxAgeHours: number }): PruneRetention {
  return {
    outboxMs: opts.outboxHours * HOUR_MS,
    processedMs: opts.streamMaxAgeHours > 0 ? (opts.streamMaxAgeHours + 24) * HOUR_MS : Number.POSITIVE_INFINITY,
  }
}

export type MessagingPruner = { stop(): Promise<void> }

/** Runs pruneMessagingTables now and every `everyMs` (default hourly); failures back off and retry. */
export function startMessagingPruner(opts: {
  runInTransaction: TransactionRunner
  schema: string
  retention: PruneRetention
  logger: MessagingLogger
  everyMs?: number
}): MessagingPruner {
  const everyMs = opts.everyMs ?? HOUR_MS
  const retention = {
    outboxMs: opts.retention.outboxMs,
    // "Forever" as an interval PostgreSQL accepts: a century.
    processedMs: Number.isFinite(opts.retention.processedMs) ? opts.retention.processedMs : 100 * 365 * 24 * HOUR_MS,
  }
  const loop = startRetryLoop({
    logger: opts.logger,
    name: 'messaging pruner',
    backoff: { baseMs: 1_000, maxMs: 60_000, jitter: true },
    round: async () => {
      const counts = await pruneMessagingTables(opts.runInTransaction, opts.schema, retention)
      if (counts.outbox || counts.processed) opts.logger.info({ ...counts, schema: opts.schema }, 'pruned messaging tables')
      return everyMs
    },
  })
  return { stop: () => loop.stop() }
}
