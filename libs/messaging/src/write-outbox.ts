import type { EventEnvelope } from '@plumbline/contracts'
import { qualifiedTable } from './sql-names.js'
import type { SqlTx } from './sql-tx.js'
import { traceHeaders } from './trace-context.js'

/**
 * Records an event in the caller's transaction (DESIGN §4: never publish from a request
 * handler). The event becomes visible to the relay only if the business change commits, and
 * the active trace context is saved with it so the consumer's work joins the same trace even
 * though the relay publishes later, outside any request.
 */
export async function writeOutbox(tx: SqlTx, schema: string, envelope: EventEnvelope, subject: string = envelope.type): Promise<void> {
  await tx.$executeRawUnsafe(
    `INSERT INTO ${qualifiedTable(schema, 'outbox_events')} (id, subject, payload, headers) VALUES ($1::uuid, $2, $3::jsonb, $4::jsonb)`,
    envelope.id,
    subject,
    JSON.stringify(envelope),
    JSON.stringify(traceHeaders()),
  )
}
