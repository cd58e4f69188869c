import type { EventEnvelope } from '@plumbline/contracts'
import { type Bus, consumerName, streamName } from '@plumbline/messaging'

/** Publishes an envelope on the test's bus prefix without a msg id, so a repeat is delivered again. */
export async function publishEnvelope(bus: Bus, envelope: EventEnvelope<unknown>): Promise<void> {
  await bus.js.publish(bus.subject(envelope.type), JSON.stringify(envelope))
}

/** Resolves once a durable has handled (acked) everything published on its owner's stream so far. */
export async function waitForConsumer(bus: Bus, durable: string, owner: string, timeoutMs = 15_000): Promise<void> {
  const stream = streamName(bus.prefix, owner)
  const name = consumerName(bus.prefix, durable)
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const info = await bus.jsm.consumers.info(stream, name)
    if (info.num_pending === 0 && info.num_ack_pending === 0) return
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error(`consumer ${durable} still has work after ${timeoutMs / 1000} s`)
}
