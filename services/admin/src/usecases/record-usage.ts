import type { EventEnvelope } from '@plumbline/contracts'
import type { Tx } from '../data/db.js'
import { incrementUsage } from '../data/usage-repo.js'
import type { UsageKind } from '../domain/limits.js'
import { monthOf, occurredAtOf } from '../domain/month.js'

/** One AI generation or PDF counts against the month it happened in (the consumer runs once per event id). */
export async function recordUsage(tx: Tx, event: EventEnvelope<unknown>, orgId: string, kind: UsageKind): Promise<void> {
  await incrementUsage(tx, orgId, monthOf(occurredAtOf(event.occurredAt)), kind)
}
