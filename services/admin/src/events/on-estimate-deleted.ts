import { Subjects, ZEstimateEventV1 } from '@plumbline/contracts'
import { monthOf, occurredAtOf } from '../domain/month.js'
import { recordEstimateDeleted } from '../usecases/record-estimate-deleted.js'
import { defineConsumer, orgIdOf } from './admin-consumer.js'

export const onEstimateDeleted = defineConsumer({
  durable: 'admin-on-estimate-deleted-v1',
  subject: Subjects.estimateDeleted,
  // Only the estimate id matters here; accept the event even if its other fields change.
  dataSchema: ZEstimateEventV1.pick({ estimateId: true }),
  handle: (tx, event) => recordEstimateDeleted(tx, orgIdOf(event), event.data.estimateId, monthOf(occurredAtOf(event.occurredAt))),
})
