import { Subjects, ZEstimateEventV1 } from '@plumbline/contracts'
import { recordEstimateActivity } from '../usecases/record-estimate-activity.js'
import { defineConsumer, orgIdOf } from './admin-consumer.js'

export const onEstimateShared = defineConsumer({
  durable: 'admin-on-estimate-shared-v1',
  subject: Subjects.estimateShared,
  dataSchema: ZEstimateEventV1,
  handle: (tx, event) => recordEstimateActivity(tx, Subjects.estimateShared, event, orgIdOf(event)),
})
