import type { EventEnvelope, MemberJoinedV1, UserRegisteredV1 } from '@plumbline/contracts'
import { insertActivity } from '../data/activities-repo.js'
import { upsertActor } from '../data/actors-repo.js'
import type { Tx } from '../data/db.js'
import { PLATFORM_ADMIN_JOIN_ACTION, TEAM_MEMBER_ACTION } from '../domain/activity-text.js'
import { occurredAtOf } from '../domain/month.js'

/**
 * Remembers the user's name and address for the feed and notes the new member in their
 * organisation's feed, saying so when a platform admin added them.
 */
export async function recordUserRegistered(tx: Tx, event: EventEnvelope<UserRegisteredV1 | MemberJoinedV1>): Promise<void> {
  const { userId, email, organizationId } = event.data
  await upsertActor(tx, { userId, email, firstName: event.data.firstName ?? null, lastName: event.data.lastName ?? null })
  await insertActivity(tx, {
    id: event.id,
    orgId: organizationId,
    type: 'team_member',
    action: 'addedBy' in event.data && event.data.addedBy === 'platform_admin' ? PLATFORM_ADMIN_JOIN_ACTION : TEAM_MEMBER_ACTION,
    target: email,
    actorId: userId,
    createdAt: occurredAtOf(event.occurredAt),
  })
}
