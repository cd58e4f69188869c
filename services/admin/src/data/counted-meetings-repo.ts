import type { Tx } from './db.js'

/** Records a meeting's creation; true when it counts now (first create, no delete seen before it). The upsert's row lock serialises it with markMeetingDeleted. */
export async function markMeetingCreated(tx: Tx, orgId: string, meetingId: string): Promise<boolean> {
  const rows = await tx.$queryRaw<{ deleted: boolean }[]>`
    INSERT INTO counted_meetings (organization_id, meeting_id, created) VALUES (${orgId}, ${meetingId}, true)
    ON CONFLICT (organization_id, meeting_id) DO UPDATE SET created = true WHERE counted_meetings.created = false
    RETURNING deleted`
  return rows.length === 1 && !rows[0].deleted
}

/** Records a meeting's deletion; true when it counted until now (its create was seen and this is the first delete). */
export async function markMeetingDeleted(tx: Tx, orgId: string, meetingId: string): Promise<boolean> {
  const rows = await tx.$queryRaw<{ created: boolean }[]>`
    INSERT INTO counted_meetings (organization_id, meeting_id, deleted) VALUES (${orgId}, ${meetingId}, true)
    ON CONFLICT (organization_id, meeting_id) DO UPDATE SET deleted = true WHERE counted_meetings.deleted = false
    RETURNING created`
  return rows.length === 1 && rows[0].created
}
