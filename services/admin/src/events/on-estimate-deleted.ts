import { Subjects, ZEstimateEventV1 } from '@plumbline/contracts'
import { monthOf, occurredAtOf } from '../domain/month.js'
import { recordEstimateDeleted } from '../usecases/record-estimate-deleted.js'
import { defineConsumer, orgIdOf } from './admin-consumer.js'
import { announceLimitsChanged } from './announce-limits-changed.js'

export const onEstimateDeleted = defineConsumer({
  durable: 'admin-on-estimate-deleted-v1',
  subject: Subjects.estimateDeleted,
  // Only the estimate id matters here; accept the event even if its other fields change.
  dataSchema: ZEstimateEventV1.pick({ estimateId: true }),
  handle: async (tx, event, deps) => {
    const orgId = orgIdOf(event)
    const { gaveBack } = await recordEstimateDeleted(tx, orgId, event.data.estimateId, monthOf(occurredAtOf(event.occurredAt)))
    // Before the commit (the consumer owns it): a check racing it reads the old count, which only
    // refuses the last slot early, for at most the kept answers' time to live.
    if (gaveBack) await announceLimitsChanged(deps, orgId)
  },
})
