import type { ConsumerState } from '@plumbline/contracts'
import type { Bus, BusService } from '@plumbline/messaging'
import { Gauge, type Registry } from 'prom-client'
import { consumerStates } from './health-report.js'

/**
 * Messaging gauges read at scrape time (the same sources as the health report): the outbox's
 * backlog and oldest unpublished age, and per durable consumer its pending, ack-pending,
 * redelivered and dead-lettered counts. The alert rules in deploy/prometheus use these names.
 */
export const MESSAGING_METRICS = {
  outboxBacklog: 'messaging_outbox_backlog',
  outboxOldestAge: 'messaging_outbox_oldest_age_seconds',
  consumerPending: 'messaging_consumer_pending',
  consumerAckPending: 'messaging_consumer_ack_pending',
  consumerRedelivered: 'messaging_consumer_redelivered',
  deadLetters: 'messaging_dead_letters',
} as const
export const MESSAGING_LABELS = ['durable'] as const

export function registerMessagingMetrics(
  registry: Registry,
  sources: { bus: Bus; service: BusService; outbox?: () => Promise<{ backlog: number; oldestAgeSeconds: number | null }> },
): void {
  const registers = [registry]
  if (sources.outbox) {
    const outbox = sources.outbox
    // Each gauge reads the outbox itself (a registry collects its gauges independently).
    new Gauge({
      name: MESSAGING_METRICS.outboxBacklog,
      help: 'Unpublished outbox events',
      registers,
      async collect() {
        const state = await outbox().catch(() => undefined)
        if (state) this.set(state.backlog)
      },
    })
    new Gauge({
      name: MESSAGING_METRICS.outboxOldestAge,
      help: 'Age of the oldest unpublished outbox event (0 when none)',
      registers,
      async collect() {
        const state = await outbox().catch(() => undefined)
        if (state) this.set(state.oldestAgeSeconds ?? 0)
      },
    })
  }
  // A registry collects its gauges concurrently: the four per-durable gauges share one
  // JetStream read per scrape (kept a second), each setting its own value from it.
  let read: { at: number; states: Promise<ConsumerState[]> } | undefined
  const states = () => {
    if (!read || Date.now() - read.at > 1000) read = { at: Date.now(), states: consumerStates(sources.bus, sources.service).catch(() => []) }
    return read.states
  }
  const perDurable = (name: string, help: string, pick: (c: ConsumerState) => number) =>
    new Gauge({
      name,
      help,
      labelNames: MESSAGING_LABELS,
      registers,
      async collect() {
        for (const c of await states()) this.set({ durable: c.durable }, pick(c))
      },
    })
  perDurable(MESSAGING_METRICS.consumerPending, 'Events not yet delivered to the durable consumer (its lag)', (c) => c.pending)
  perDurable(MESSAGING_METRICS.consumerAckPending, 'Events delivered and not yet acknowledged', (c) => c.ackPending)
  perDurable(MESSAGING_METRICS.consumerRedelivered, 'Events delivered more than once', (c) => c.redelivered)
  perDurable(MESSAGING_METRICS.deadLetters, 'Events of the durable consumer in the dead-letter stream', (c) => c.deadLettered)
}
