import { MeetingSubjects, ZMeetingEventV1 } from '@plumbline/contracts'
import { recordMeetingCompleted, recordMeetingCreated, recordMeetingDeleted } from '../usecases/record-meeting-events.js'
import { defineConsumer, orgIdOf } from './admin-consumer.js'

export const onMeetingCreated = defineConsumer({
  durable: 'admin-on-meeting-created-v1',
  subject: MeetingSubjects.created,
  dataSchema: ZMeetingEventV1,
  handle: (tx, event) => recordMeetingCreated(tx, event, orgIdOf(event)),
})

export const onMeetingCompleted = defineConsumer({
  durable: 'admin-on-meeting-completed-v1',
  subject: MeetingSubjects.completed,
  dataSchema: ZMeetingEventV1,
  handle: (tx, event) => recordMeetingCompleted(tx, event, orgIdOf(event)),
})

export const onMeetingDeleted = defineConsumer({
  durable: 'admin-on-meeting-deleted-v1',
  subject: MeetingSubjects.deleted,
  dataSchema: ZMeetingEventV1,
  handle: (tx, event) => recordMeetingDeleted(tx, event, orgIdOf(event)),
})
