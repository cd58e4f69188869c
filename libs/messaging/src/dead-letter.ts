import type { JsMsg } from '@nats-io/jetstream'
import { headers as natsHeaders } from '@nats-io/transport-node'
import { errorCodeOf } from './coded-error.js'
import type { Bus } from './connect-bus.js'
import { DLQ_OWNER } from './names.js'

/** What lands on `dlq.<durable>`: enough to diagnose the failure and to replay the event. */
export type DeadLetter = {
  consumer: string
  /** The subject the event was delivered on (with the bus prefix, as on the wire). */
  subject: string
  stream: string
  streamSeq: number
  deliveryCount: number
  eventId: string | null
  failedAt: string
  error: { name: string; message: string; code?: string; stack?: string }
  /** The original message body, unchanged (normally the envelope JSON). */
  payload: string
}

export function deadLetterSubject(durable: string): string {
  return `${DLQ_OWNER}.${durable}`
}

/**
 * Publishes a failed message to the dead-letter stream. The msg id is derived from the
 * original stream position, so retrying this after a failed PubAck cannot file it twice.
 */
export async function publishDeadLetter(bus: Bus, durable: string, msg: JsMsg, error: unknown, eventId: string | null): Promise<DeadLetter> {
  const e = error instanceof Error ? error : new Error(String(error))
  const letter: DeadLetter = {
    consumer: durable,
    subject: msg.subject,
    stream: msg.info.stream,
    streamSeq: msg.seq,
    deliveryCount: msg.info.deliveryCount,
    eventId,
    failedAt: new Date().toISOString(),
    error: { name: e.name, message: e.message, code: errorCodeOf(e), stack: e.stack },
    payload: new TextDecoder().decode(msg.data),
  }
  const h = natsHeaders()
  // Keep the trace so the dead letter shows up on the producer's trace.
  for (const key of ['traceparent', 'tracestate']) {
    const v = msg.headers?.get(key)
    if (v) h.set(key, v)
  }
  h.set('Plumbline-Consumer', durable)
  await bus.js.publish(bus.subject(deadLetterSubject(durable)), JSON.stringify(letter), {
    msgID: `dlq:${durable}:${msg.info.stream}:${msg.seq}`,
    headers: h,
  })
  return letter
}
