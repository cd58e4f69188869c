import type { MsgHdrs } from '@nats-io/transport-node'

/** NATS headers as a plain lower-cased record, the shape the trace propagators read. */
export function headersToRecord(h: MsgHdrs | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  if (!h) return out
  for (const key of h.keys()) {
    const value = h.get(key)
    if (value) out[key.toLowerCase()] = value
  }
  return out
}
