import { ZEstimateChangeRequestedV1, ZEstimateEventV1 } from '@plumbline/contracts'
import { notifyOnEstimateEvent } from '../usecases/notify-on-estimate-event.js'
import { defineConsumer, orgIdOf } from './admin-consumer.js'

/**
 * Every estimates.estimate.* event on one durable, so the bell sees an estimate's creation and
 * sharing before its client's answer (separate durables run in no fixed order; see
 * notify-on-estimate-event.ts). Its own durable, apart from the activity feed's, so the bell
 * learns the creators of estimates made before it existed by replaying the stream.
 */
export const NOTIFY_ON_ESTIMATE_EVENTS_SUBJECT = 'estimates.estimate.>'

/** Every estimate event's data, and a change request's message, which its e-mail quotes. */
const ZNotifiedEstimateData = ZEstimateEventV1.extend({ message: ZEstimateChangeRequestedV1.shape.message.optional() })

export const notifyOnEstimateEvents = (appUrl: string) =>
  defineConsumer({
    durable: 'admin-notifications-on-estimate-events-v1',
    subject: NOTIFY_ON_ESTIMATE_EVENTS_SUBJECT,
    dataSchema: ZNotifiedEstimateData,
    handle: (tx, event) => notifyOnEstimateEvent(tx, event, orgIdOf(event), new Date(), { appUrl }),
  })
