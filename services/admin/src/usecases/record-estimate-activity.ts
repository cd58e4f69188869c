import { insertActivity } from '../data/activities-repo.js'
import type { Tx } from '../data/db.js'
import { ESTIMATE_ACTIVITIES, type EstimateActivitySubject } from '../domain/activity-text.js'
import type { EstimateEvent } from '../domain/estimate-event.js'
import { occurredAtOf } from '../domain/month.js'

/** One feed row per estimate event, named after the project. */
export async function recordEstimateActivity(tx: Tx, subject: EstimateActivitySubject, event: EstimateEvent, orgId: string): Promise<void> {
  const { type, action } = ESTIMATE_ACTIVITIES[subject]
  await insertActivity(tx, {
    id: event.id,
    orgId,
    type,
    action,
    target: event.data.projectName,
    actorId: event.actorId,
    createdAt: occurredAtOf(event.occurredAt),
  })
}
