import { MeetingSubjects, ZMeetingEventV1 } from '@plumbline/contracts'
import { notifyOnMeetingCompleted } from '../usecases/notify-on-meeting-completed.js'
import { defineConsumer, orgIdOf } from './admin-consumer.js'

export const notifyOnMeetingCompletedEvents = defineConsumer({
  durable: 'admin-notifications-on-meeting-completed-v1',
  subject: MeetingSubjects.completed,
  dataSchema: ZMeetingEventV1,
  handle: (tx, event) => notifyOnMeetingCompleted(tx, event, orgIdOf(event)),
})
