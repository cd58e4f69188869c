// After a fault: every estimate the clients saw acknowledged is in the database exactly once,
// no unacknowledged create exists twice, every created event left the outbox, reached the stream
// once (JetStream's msg-id de-duplication) and was counted once by the admin service's consumer
// (its quota and usage bars). Waits for the system to converge, then counts.
import { Subjects } from '@plumbline/contracts'
import { type Bus, streamName } from '@plumbline/messaging'
import type pg from 'pg'
import type { Tally } from './workload.js'

export type Verdict = {
  acknowledged: number
  missing: number
  duplicated: number
  unacknowledgedSeen: number
  outboxUnpublished: number
  eventsInOutbox: number
  eventsInStream: number
  countedByConsumer: number
  estimatesInDb: number
  ok: boolean
}

async function snapshot(db: pg.Pool, bus: Bus, tally: Tally) {
  const keys = [...tally.acknowledged.keys(), ...tally.unacknowledged]
  const names = keys.map((k) => `fault-${k}`)
  const rows = (
    await db.query<{ name: string; id: string }>('SELECT project_name AS name, id::text AS id FROM estimates.estimates WHERE project_name = ANY($1)', [names])
  ).rows
  const byName = new Map<string, string[]>()
  for (const r of rows) byName.set(r.name, [...(byName.get(r.name) ?? []), r.id])
  const ids = rows.map((r) => r.id)
  const outbox = (
    await db.query<{ total: string; unpublished: string }>(
      `SELECT count(*) AS total, count(*) FILTER (WHERE published_at IS NULL) AS unpublished
         FROM estimates.outbox_events WHERE subject = $1 AND payload->'data'->>'estimateId' = ANY($2)`,
      [Subjects.estimateCreated, ids],
    )
  ).rows[0]
  const counted = (await db.query<{ n: string }>('SELECT count(*) AS n FROM admin.counted_estimates WHERE created AND estimate_id = ANY($1)', [ids])).rows[0]
  const allCreated = (await db.query<{ n: string }>('SELECT count(*) AS n FROM estimates.outbox_events WHERE subject = $1', [Subjects.estimateCreated])).rows[0]
  const subject = bus.subject(Subjects.estimateCreated)
  const stream = await bus.jsm.streams.info(streamName(bus.prefix, 'estimates'), { subjects_filter: subject })
  return {
    byName,
    ids,
    outboxTotal: Number(outbox.total),
    outboxUnpublished: Number(outbox.unpublished),
    counted: Number(counted.n),
    allCreatedInOutbox: Number(allCreated.n),
    inStream: stream.state.subjects?.[subject] ?? 0,
  }
}

export async function verifyNothingLost(db: pg.Pool, bus: Bus, tally: Tally, timeoutMs = 90_000): Promise<Verdict> {
  const deadline = Date.now() + timeoutMs
  let s = await snapshot(db, bus, tally)
  // Converged: every event published, in the stream and counted by the consumer.
  while (Date.now() < deadline && (s.outboxUnpublished > 0 || s.counted < s.ids.length || s.inStream < s.allCreatedInOutbox)) {
    await new Promise((r) => setTimeout(r, 500))
    s = await snapshot(db, bus, tally)
  }
  let missing = 0
  let duplicated = 0
  for (const [key, id] of tally.acknowledged) {
    const found = s.byName.get(`fault-${key}`) ?? []
    if (found.length === 0 || !found.includes(id)) missing++
    if (found.length > 1) duplicated++
  }
  let unacknowledgedSeen = 0
  for (const key of tally.unacknowledged) {
    const found = s.byName.get(`fault-${key}`) ?? []
    if (found.length > 1) duplicated++
    if (found.length === 1) unacknowledgedSeen++
  }
  const verdict: Verdict = {
    acknowledged: tally.acknowledged.size,
    missing,
    duplicated,
    unacknowledgedSeen,
    outboxUnpublished: s.outboxUnpublished,
    eventsInOutbox: s.outboxTotal,
    eventsInStream: s.inStream,
    countedByConsumer: s.counted,
    estimatesInDb: s.ids.length,
    ok: false,
  }
  verdict.ok =
    missing === 0 &&
    duplicated === 0 &&
    s.outboxUnpublished === 0 &&
    s.outboxTotal === s.ids.length &&
    s.counted === s.ids.length &&
    s.inStream === s.allCreatedInOutbox
  return verdict
}
