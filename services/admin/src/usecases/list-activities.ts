import type { Activity, ActivityQuery } from '@plumbline/contracts'
import type { OrgContext } from '@plumbline/service-kit'
import { latestActivities } from '../data/activities-repo.js'
import { actorsByIds } from '../data/actors-repo.js'
import type { AdminDeps } from '../deps.js'
import { visibleActivityTypes } from '../domain/activity-text.js'

/**
 * One page of an organisation's activity, newest first. Actors are named at read time from the users this
 * service learned from auth events (events of other services carry only the actor's id, and
 * events of different streams arrive in no fixed order); unknown or deleted users and client
 * actions show a user with every field null. A reader sees the entries of the modules their role
 * may access (estimates: cost_estimator; meetings: ai_notetaker; members: team).
 */
export async function listActivities(deps: Pick<AdminDeps, 'prisma'>, ctx: OrgContext, query: ActivityQuery): Promise<Activity[]> {
  const db = deps.prisma
  const types = visibleActivityTypes(ctx.permissions)
  if (!types.length) return []
  const rows = await latestActivities(db, ctx.orgId, types, { skip: (query.page - 1) * query.limit, take: query.limit })
  const actorIds = [...new Set(rows.map((r) => r.actorId).filter((id): id is string => id !== null))]
  const actors = new Map((actorIds.length ? await actorsByIds(db, actorIds) : []).map((a) => [a.userId, a]))
  return rows.map((r) => {
    const actor = r.actorId ? actors.get(r.actorId) : undefined
    return {
      id: r.id,
      type: r.type,
      action: r.action,
      target: r.target,
      createdAt: r.createdAt.toISOString(),
      user: { firstName: actor?.firstName ?? null, lastName: actor?.lastName ?? null, email: actor?.email ?? null },
    }
  })
}
