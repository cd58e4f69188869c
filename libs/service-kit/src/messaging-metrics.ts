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
    // Each gauge reads the outbox itself: a registry collects its metrics one after another.
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
  // One gauge collects them all (registered first, so it runs before the others are read),
  // so a scrape asks JetStream once per consumer.
  new Gauge({
    name: MESSAGING_METRICS.deadLetters,
    help: 'Events of the durable consumer in the dead-letter stream',
    labelNames: MESSAGING_LABELS,
    registers,
    async collect() {
      for (const c of await consumerStates(sources.bus, sources.service).catch(() => [])) {
        const labels = { durable: c.durable }
        this.set(labels, c.deadLettered)
        pending.set(labels, c.pending)
        ackPending.set(labels, c.ackPending)
        redelivered.set(labels, c.redelivered)
      }
    },
  })
  // Registered after the collecting gauge above, so one scrape reads fresh values.
  const perDurable = (name: string, help: string) => new Gauge({ name, help, labelNames: MESSAGING_LABELS, registers })
  const pending = perDurable(MESSAGING_METRICS.consumerPending, 'Events not yet delivered to the durable consumer (its lag)')
  const ackPending = perDurable(MESSAGING_METRICS.consumerAckPending, 'Events delivered and not yet acknowledged')
  const redelivered = perDurable(MESSAGING_METRICS.consumerRedelivered, 'Events delivered more than once')
}
