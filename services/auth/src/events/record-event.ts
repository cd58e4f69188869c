import { createEnvelope, writeOutbox } from '@plumbline/messaging'
import type { Tx } from '../data/db.js'

export const AUTH_SCHEMA = 'auth'

export type AuthEvent<T> = { type: string; orgId: string | null; actorId: string | null; correlationId?: string; data: T }

/**
 * Never publish from a handler (DESIGN §4): the event becomes an outbox row in the same
 * transaction as the change, and the relay publishes it after commit.
 */
export async function recordEvent<T>(tx: Tx, event: AuthEvent<T>): Promise<void> {
  await writeOutbox(tx, AUTH_SCHEMA, createEnvelope(event))
}
