import { Subjects, ZEstimateEventV1 } from '@plumbline/contracts'
import { recordEstimateActivity } from '../usecases/record-estimate-activity.js'
import { defineConsumer, orgIdOf } from './admin-consumer.js'

export const onEstimateUpdated = defineConsumer({
  durable: 'admin-on-estimate-updated-v1',
  subject: Subjects.estimateUpdated,
  dataSchema: ZEstimateEventV1,
  handle: (tx, event) => recordEstimateActivity(tx, Subjects.estimateUpdated, event, orgIdOf(event)),
})
