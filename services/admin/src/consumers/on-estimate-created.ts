import { Subjects, ZEstimateEventV1 } from '@plumbline/contracts'
import { recordEstimateCreated } from '../usecases/record-estimate-created.js'
import { defineConsumer, orgIdOf } from './admin-consumer.js'

export const onEstimateCreated = defineConsumer({
  durable: 'admin-on-estimate-created-v1',
  subject: Subjects.estimateCreated,
  dataSchema: ZEstimateEventV1,
  handle: (tx, event) => recordEstimateCreated(tx, event, orgIdOf(event)),
})
