import { headers as natsHeaders } from '@nats-io/transport-node'
import type { Bus } from './connect-bus.js'
import type { MessagingLogger } from './logger.js'
import { startRetryLoop } from './retry-loop.js'
import { qualifiedTable } from './sql-names.js'
import type { TransactionRunner } from './sql-tx.js'
import { countMessaging } from './stats.js'

export type OutboxRelayOptions = {
  runInTransaction: TransactionRunner
  schema: string
  bus: Bus
  logger: MessagingLogger
  /** Rows claimed per transaction. */
  batchSize?: number
  /** Poll interval when the outbox is empty: the worst-case delay after a commit. */
  idleMs?: number
  /** Cap of the exponential back-off while NATS or the database is failing. */
  maxBackoffMs?: number
  /**
   * How long to wait for the PubAcks before treating a publish as failed. Kept well under
   * Prisma's default 5 s interactive-transaction timeout, which would otherwise abort the
   * batch's transaction first while NATS is unreachable.
   */
  publishTimeoutMs?: number
  /** false: no background loop, only drainOnce() publishes (tests, cron-style jobs). */
  poll?: boolean
  /**
   * A read outside any transaction (the service's queryRows). With it, a round first asks
   * whether any row waits, and opens the claiming transaction only then: an idle round costs one
   * indexed query instead of an interactive transaction (BEGIN, SELECT, COMMIT through Prisma),
   * five rounds a second in every idle service (docs/adr/0007).
   */
  peek?: (statement: { text: string; values: unknown[] }) => Promise<unknown[]>
}

export type OutboxRelay = {
  /** Finishes the batch in flight, then stops polling. */
  stop(): Promise<void>
  /** Publishes one batch now; resolves to how many rows were marked published. */
  drainOnce(): Promise<number>
}

type OutboxRow = { id: string; subject: string; payload: string; headers: string }

/**
 * Publishes committed outbox rows to JetStream and marks them sent (DESIGN §4).
 *
 * Rows are claimed with `FOR UPDATE SKIP LOCKED`, so several replicas can run relays side by
 * side without publishing the same row concurrently. A row is marked published in the same
 * transaction that claimed it, only after its PubAck. A crash between PubAck and COMMIT
 * re-publishes the row later with the same msg id (the envelope id): JetStream drops it inside
 * the duplicate window, and consumers de-duplicate on the event id beyond it. Failures never
 * throw out of the loop: the relay backs off and tries again, so NATS being down delays events
 * but loses none and does not take the service down.
 */
export function startOutboxRelay(opts: OutboxRelayOptions): OutboxRelay {
  const { runInTransaction, bus, logger } = opts
  const batchSize = opts.batchSize ?? 100
  const idleMs = opts.idleMs ?? 200
  const maxBackoffMs = opts.maxBackoffMs ?? 5_000
  const publishTimeoutMs = opts.publishTimeoutMs ?? 2_000
  const table = qualifiedTable(opts.schema, 'outbox_events')

  const waitingRow = { text: `SELECT 1 FROM ${table} WHERE published_at IS NULL LIMIT 1`, values: [] }
  /** Whether a round has anything to claim (a row committed just after is the next round's, as with the claim itself). */
  const anyWaiting = async () => !opts.peek || (await opts.peek(waitingRow)).length > 0

  async function drainOnce(): Promise<number> {
    if (!(await anyWaiting())) return 0
    let failure: { row: OutboxRow; error: unknown } | undefined
    const published = await runInTransaction(async (tx) => {
      // Casts to text keep the row shape identical under pg and Prisma (which map jsonb and
      // uuid differently) and publish the stored JSON without re-serialising it.
      const rows = await tx.$queryRawUnsafe<OutboxRow[]>(
        `SELECT id::text AS id, subject, payload::text AS payload, headers::text AS headers
           FROM ${table}
          WHERE published_at IS NULL
          ORDER BY created_at, id
          LIMIT ${Math.trunc(batchSize)}
          FOR UPDATE SKIP LOCKED`,
      )
      if (rows.length === 0) return 0
      // Publishes are pipelined on the one connection, so they reach the stream in outbox
      // order; awaiting them together costs one round trip per batch, not per row.
      const results = await Promise.allSettled(
        rows.map((row) =>
          bus.js.publish(bus.subject(row.subject), row.payload, {
            msgID: row.id,
            headers: toNatsHeaders(row.headers),
            timeout: publishTimeoutMs,
          }),
        ),
      )
      // Only the run of successes before the first failure is marked: rows after a failure
      // stay unpublished even if their publish succeeded, so a retry keeps outbox order (the
      // repeat publish is dropped as a duplicate by msg id).
      const firstFailure = results.findIndex((r) => r.status === 'rejected')
      const ok = firstFailure === -1 ? rows.length : firstFailure
      if (ok > 0) {
        const ids = rows.slice(0, ok).map((r) => r.id)
        await tx.$executeRawUnsafe(`UPDATE ${table} SET published_at = now() WHERE id IN (${ids.map((_, i) => `$${i + 1}::uuid`).join(', ')})`, ...ids)
      }
      if (firstFailure !== -1) {
        const row = rows[firstFailure]
        await tx.$executeRawUnsafe(`UPDATE ${table} SET attempts = attempts + 1 WHERE id = $1::uuid`, row.id)
        failure = { row, error: (results[firstFailure] as PromiseRejectedResult).reason }
      }
      return ok
    })
    if (published > 0) countMessaging('published', opts.schema, published)
    if (failure) {
      // Thrown after COMMIT so the rows that did go out stay marked.
      const err = new Error(`outbox publish failed for ${failure.row.subject} (${failure.row.id}); ${published} published before it`, {
        cause: failure.error,
      })
      throw err
    }
    return published
  }

  if (opts.poll === false) return { drainOnce, stop: async () => {} }
  const loop = startRetryLoop({
    logger,
    name: 'outbox relay',
    backoff: { baseMs: idleMs, maxMs: maxBackoffMs, jitter: true },
    round: async (state) => {
      const n = await drainOnce()
      state.progressed()
      // A full batch means there is probably more: go again without waiting.
      return n < batchSize ? idleMs : 0
    },
  })
  return { drainOnce, stop: () => loop.stop() }
}

function toNatsHeaders(json: string) {
  const h = natsHeaders()
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch {
    parsed = {}
  }
  if (parsed && typeof parsed === 'object') {
    for (const [k, v] of Object.entries(parsed)) {
      if (typeof v === 'string') h.set(k, v)
    }
  }
  return h
}
