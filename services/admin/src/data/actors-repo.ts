import type { Db, Tx } from '../deps.js'

/** One statement, so two replicas handling events of one user cannot collide. */
export async function upsertActor(tx: Tx, userId: string, email: string): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO actors (user_id, email) VALUES (${userId}, ${email})
    ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, updated_at = now()`
}

/** Forgets a deleted user, so the feed stops showing their address. */
export async function deleteActor(tx: Tx, userId: string): Promise<void> {
  await tx.actor.deleteMany({ where: { userId } })
}

export const actorsByIds = (db: Db, userIds: string[]) => db.actor.findMany({ where: { userId: { in: userIds } } })
