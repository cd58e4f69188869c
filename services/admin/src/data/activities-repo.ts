import type { ActivityType } from '@plumbline/contracts'
import type { Db, Tx } from './db.js'

export type NewActivity = { id: string; orgId: string; type: ActivityType; action: string; target: string; actorId: string | null; createdAt: Date }

/** The row id is the event id, so a replayed event can never add a second row. */
export async function insertActivity(tx: Tx, a: NewActivity): Promise<void> {
  await tx.activity.createMany({
    data: [{ id: a.id, organizationId: a.orgId, type: a.type, action: a.action, target: a.target, actorId: a.actorId, createdAt: a.createdAt }],
    skipDuplicates: true,
  })
}

export const latestActivities = (db: Db, orgId: string, types: ActivityType[], page: { skip: number; take: number }) =>
  db.activity.findMany({ where: { organizationId: orgId, type: { in: types } }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...page })
