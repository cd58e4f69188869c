import { Subjects } from '@plumbline/contracts'
import { createEnvelope, writeOutbox } from '@plumbline/messaging'
import type { Tx } from '../data/db.js'

export const ESTIMATES_SCHEMA = 'estimates'

/** Writes an event to the outbox inside the caller's transaction (DESIGN §4). */
export async function recordEvent<T>(tx: Tx, event: { type: string; orgId: string; actorId: string | null; data: T }): Promise<void> {
  await writeOutbox(tx, ESTIMATES_SCHEMA, createEnvelope({ type: event.type, orgId: event.orgId, actorId: event.actorId, data: event.data }))
}

export type EstimateEventData = { estimateId: string; projectName: string; clientName: string; status: string }

export const recordEstimateEvent = (tx: Tx, type: (typeof Subjects)[keyof typeof Subjects], orgId: string, actorId: string | null, data: EstimateEventData) =>
  recordEvent(tx, { type, orgId, actorId, data })

export type LineItemChange = 'created' | 'updated' | 'deleted' | 'reordered' | 'section_deleted' | 'template_applied' | 'imported'

export const recordLineItemsChanged = (
  tx: Tx,
  orgId: string,
  actorId: string | null,
  data: { estimateId: string; sectionId: string | null; change: LineItemChange },
) => recordEvent(tx, { type: Subjects.lineItemsChanged, orgId, actorId, data })
