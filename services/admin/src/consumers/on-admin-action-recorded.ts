import { Subjects, ZAdminActionRecordedV1 } from '@plumbline/contracts'
import { insertAuditEntry } from '../data/audit-repo.js'
import { occurredAtOf } from '../domain/month.js'
import { defineConsumer } from './admin-consumer.js'

/** Account actions happen in auth; their audit rows live here with the override actions. */
export const onAdminActionRecorded = defineConsumer({
  durable: 'admin-on-admin-action-recorded-v1',
  subject: Subjects.adminActionRecorded,
  dataSchema: ZAdminActionRecordedV1,
  handle: async (tx, event) => {
    if (!event.actorId) throw new Error(`event ${event.id} has no actorId`)
    await insertAuditEntry(tx, { id: event.id, actorId: event.actorId, ...event.data, createdAt: occurredAtOf(event.occurredAt) })
  },
})
