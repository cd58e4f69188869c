import { ZTaskEventV1 } from '@plumbline/contracts'
import { notifyOnTaskEvent } from '../usecases/notify-on-task-event.js'
import { defineConsumer, orgIdOf } from './admin-consumer.js'

/** Every meetings.task.* event on one durable, in the order they happened (see notify-on-task-event.ts). */
export const NOTIFY_ON_TASK_EVENTS_SUBJECT = 'meetings.task.>'

export const notifyOnTaskEvents = defineConsumer({
  durable: 'admin-notifications-on-task-events-v1',
  subject: NOTIFY_ON_TASK_EVENTS_SUBJECT,
  dataSchema: ZTaskEventV1,
  handle: (tx, event) => notifyOnTaskEvent(tx, event, orgIdOf(event)),
})
