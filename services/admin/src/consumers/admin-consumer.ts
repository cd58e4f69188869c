import type { EventEnvelope } from '@plumbline/contracts'
import { type AfterCommit, consume, type EventConsumer, type SqlTx } from '@plumbline/messaging'
import type { ZodType } from 'zod'
import type { Tx } from '../data/db.js'
import type { AdminDeps } from '../deps.js'

/** One durable consumer: its name, the subject it follows and what it does with an event. */
export type ConsumerDefinition<T> = {
  durable: string
  subject: string
  dataSchema: ZodType<T>
  /**
   * `afterCommit` for what is not in the transaction (a core NATS notice): the bus is handed only
   * to work that runs once the transaction has committed.
   */
  handle: (tx: Tx, event: EventEnvelope<T>, afterCommit: (work: (deps: OutsideDeps) => Promise<void>) => void) => Promise<void>
}

type OutsideDeps = Pick<AdminDeps, 'bus' | 'logger'>

/** Declares a consumer with its data type checked against its handler. */
export const defineConsumer = <T>(definition: ConsumerDefinition<T>) => definition

/**
 * Starts an idempotent durable consumer in admin's schema. The runtime's transaction runner
 * is Prisma's, so the handler's `tx` is a Prisma transaction client.
 */
export function startConsumer<T>(deps: Pick<AdminDeps, 'bus' | 'runInTransaction' | 'schema' | 'logger'>, def: ConsumerDefinition<T>): Promise<EventConsumer> {
  return consume<T>({
    bus: deps.bus,
    runInTransaction: deps.runInTransaction,
    schema: deps.schema,
    durable: def.durable,
    subject: def.subject,
    dataSchema: def.dataSchema,
    logger: deps.logger,
    handler: (event, tx: SqlTx, afterCommit: AfterCommit) => def.handle(tx as unknown as Tx, event, (work) => afterCommit(() => work(deps))),
  })
}

/** Organisation events without an organisation cannot be placed; retries end in the dead-letter stream. */
export function orgIdOf(event: EventEnvelope<unknown>): string {
  if (!event.orgId) throw new Error(`event ${event.id} (${event.type}) has no orgId`)
  return event.orgId
}
