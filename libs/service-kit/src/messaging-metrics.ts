import type { ConsumerState } from '@plumbline/contracts'
import { type Bus, type BusService, type MessagingStat, messagingTotals } from '@plumbline/messaging'
import { Counter, Gauge, type Registry } from 'prom-client'
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
  published: 'messaging_published_total',
  consumed: 'messaging_consumed_total',
  failed: 'messaging_handler_failures_total',
  redeliveries: 'messaging_redeliveries_total',
  deadLettered: 'messaging_dead_lettered_total',
} as const
export const MESSAGING_LABELS = ['durable', 'stream'] as const

/**
 * The outbox and consumer gauges describe the cluster, not the process: every replica reads the
 * same outbox table and the same JetStream consumer, so every replica reports the same value.
 * They carry `scope="cluster"` and say so in their help; aggregate them with max (or min), never
 * sum, which would multiply them by the replica count (docs/adr/0001-cluster-wide-figures.md).
 */
export const CLUSTER_SCOPE = { scope: 'cluster' } as const
const CLUSTER_HELP = ' (cluster-wide: the same on every replica; aggregate with max, not sum)'
export const CLUSTER_WIDE_METRICS = [
  MESSAGING_METRICS.outboxBacklog,
  MESSAGING_METRICS.outboxOldestAge,
  MESSAGING_METRICS.consumerPending,
  MESSAGING_METRICS.consumerAckPending,
  MESSAGING_METRICS.consumerRedelivered,
  MESSAGING_METRICS.deadLetters,
] as const

const COUNTERS: { stat: MessagingStat; name: string; help: string; label: 'durable' | 'stream' }[] = [
  { stat: 'published', name: MESSAGING_METRICS.published, help: 'Events the outbox relay published', label: 'stream' },
  { stat: 'consumed', name: MESSAGING_METRICS.consumed, help: 'Events a durable consumer handled and acknowledged', label: 'durable' },
  { stat: 'failed', name: MESSAGING_METRICS.failed, help: 'Handler failures (each is retried or dead-lettered)', label: 'durable' },
  { stat: 'redelivered', name: MESSAGING_METRICS.redeliveries, help: 'Deliveries after the first', label: 'durable' },
  { stat: 'deadLettered', name: MESSAGING_METRICS.deadLettered, help: 'Events moved to the dead-letter stream', label: 'durable' },
]

/** The messaging library's totals (libs/messaging stats.ts) as counters, advanced at scrape time. */
function registerMessagingCounters(registry: Registry): void {
  for (const { stat, name, help, label } of COUNTERS) {
    const seen = new Map<string, number>()
    new Counter({
      name,
      help,
      labelNames: [label],
      registers: [registry],
      collect() {
        for (const t of messagingTotals().filter((x) => x.stat === stat)) {
          const delta = t.value - (seen.get(t.key) ?? 0)
          if (delta > 0) this.inc({ [label]: t.key }, delta)
          seen.set(t.key, t.value)
        }
      },
    })
  }
}

export function registerMessagingMetrics(
  registry: Registry,
  sources: { bus: Bus; service: BusService; outbox?: () => Promise<{ backlog: number; oldestAgeSeconds: number | null }> },
): void {
  const registers = [registry]
  registerMessagingCounters(registry)
  if (sources.outbox) {
    const outbox = sources.outbox
    // Each gauge reads the outbox itself (a registry collects its gauges independently).
    new Gauge({
      name: MESSAGING_METRICS.outboxBacklog,
      help: `Unpublished outbox events${CLUSTER_HELP}`,
      labelNames: ['scope'],
      registers,
      async collect() {
        const state = await outbox().catch(() => undefined)
        if (state) this.set(CLUSTER_SCOPE, state.backlog)
      },
    })
    new Gauge({
      name: MESSAGING_METRICS.outboxOldestAge,
      help: `Age of the oldest unpublished outbox event (0 when none)${CLUSTER_HELP}`,
      labelNames: ['scope'],
      registers,
      async collect() {
        const state = await outbox().catch(() => undefined)
        if (state) this.set(CLUSTER_SCOPE, state.oldestAgeSeconds ?? 0)
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
      help: `${help}${CLUSTER_HELP}`,
      labelNames: [...MESSAGING_LABELS, 'scope'],
      registers,
      async collect() {
        for (const c of await states()) this.set({ durable: c.durable, ...CLUSTER_SCOPE }, pick(c))
      },
    })
  perDurable(MESSAGING_METRICS.consumerPending, 'Events not yet delivered to the durable consumer (its lag)', (c) => c.pending)
  perDurable(MESSAGING_METRICS.consumerAckPending, 'Events delivered and not yet acknowledged', (c) => c.ackPending)
  perDurable(MESSAGING_METRICS.consumerRedelivered, 'Events delivered more than once', (c) => c.redelivered)
  perDurable(MESSAGING_METRICS.deadLetters, 'Events of the durable consumer in the dead-letter stream', (c) => c.deadLettered)
}
