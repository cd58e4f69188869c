/**
 * In-process totals of what the messaging library did, for the service kit's /metrics:
 * events published by the outbox relay (per stream), and per durable consumer the events
 * consumed, handler failures, redeliveries and dead letters. Plain numbers so this library
 * needs no metrics client; service-kit turns them into Prometheus counters.
 */
export type MessagingStat = 'published' | 'consumed' | 'failed' | 'redelivered' | 'deadLettered'

const totals = new Map<string, { stat: MessagingStat; key: string; value: number }>()

export function countMessaging(stat: MessagingStat, key: string, by = 1): void {
  const id = `${stat}\u0000${key}`
  const entry = totals.get(id)
  if (entry) entry.value += by
  else totals.set(id, { stat, key, value: by })
}

/** Every total so far (they only grow). */
export function messagingTotals(): { stat: MessagingStat; key: string; value: number }[] {
  return [...totals.values()].map((t) => ({ ...t }))
}
