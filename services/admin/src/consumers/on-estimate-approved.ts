import { Subjects, ZEstimateEventV1 } from '@plumbline/contracts'
import { recordEstimateActivity } from '../usecases/record-estimate-activity.js'
import { defineConsumer, orgIdOf } from './admin-consumer.js'

export const onEstimateApproved = defineConsumer({
  durable: 'admin-on-estimate-approved-v1',
  subject: Subjects.estimateApproved,
  dataSchema: ZEstimateEventV1,
  handle: (tx, event) => recordEstimateActivity(tx, Subjects.estimateApproved, event, orgIdOf(event)),
})
