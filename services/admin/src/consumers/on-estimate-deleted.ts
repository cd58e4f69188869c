import { Subjects, ZEstimateEventV1 } from '@plumbline/contracts'
import { monthOf, occurredAtOf } from '../domain/month.js'
import { announceLimitsChanged } from '../events/announce-limits-changed.js'
import { recordEstimateDeleted } from '../usecases/record-estimate-deleted.js'
import { defineConsumer, orgIdOf } from './admin-consumer.js'

export const onEstimateDeleted = defineConsumer({
  durable: 'admin-on-estimate-deleted-v1',
  subject: Subjects.estimateDeleted,
  // Only the estimate id matters here; accept the event even if its other fields change.
  dataSchema: ZEstimateEventV1.pick({ estimateId: true }),
  handle: async (tx, event, afterCommit) => {
    const orgId = orgIdOf(event)
    const { gaveBack } = await recordEstimateDeleted(tx, orgId, event.data.estimateId, monthOf(occurredAtOf(event.occurredAt)))
    // After the commit: a service hearing it sooner could ask again, read the old count and keep
    // that answer (refusing the last slot early) for the answers' whole time to live.
    if (gaveBack) afterCommit((deps) => announceLimitsChanged(deps, orgId))
  },
})
