import type { EventEnvelope } from '@plumbline/contracts'
import { v7 as uuidv7 } from 'uuid'

export type CreateEnvelopeInput<T> = {
  type: string
  orgId: string | null
  actorId: string | null
  correlationId?: string | null
  data: T
}

/**
 * Builds an event envelope. The id is a uuid v7 so ids sort by creation time, which keeps the
 * outbox and processed_events indexes append-mostly; it doubles as the JetStream msg id.
 */
export function createEnvelope<T>(input: CreateEnvelopeInput<T>): EventEnvelope<T> {
  return {
    id: uuidv7(),
    type: input.type,
    occurredAt: new Date().toISOString(),
    orgId: input.orgId,
    actorId: input.actorId,
    correlationId: input.correlationId ?? null,
    data: input.data,
  }
}
