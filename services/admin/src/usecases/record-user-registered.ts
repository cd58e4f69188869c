import type { EventEnvelope, UserRegisteredV1 } from '@plumbline/contracts'
import { insertActivity } from '../data/activities-repo.js'
import { upsertActor } from '../data/actors-repo.js'
import type { Tx } from '../deps.js'
import { TEAM_MEMBER_ACTION } from '../domain/activity-text.js'
import { occurredAtOf } from '../domain/month.js'

/** Remembers the user's name and address for the feed and notes the new member in their organisation's feed. */
export async function recordUserRegistered(tx: Tx, event: EventEnvelope<UserRegisteredV1>): Promise<void> {
  const { userId, email, organizationId } = event.data
  await upsertActor(tx, { userId, email, firstName: event.data.firstName ?? null, lastName: event.data.lastName ?? null })
  await insertActivity(tx, {
    id: event.id,
    orgId: organizationId,
    type: 'team_member',
    action: TEAM_MEMBER_ACTION,
    target: email,
    actorId: userId,
    createdAt: occurredAtOf(event.occurredAt),
  })
}
