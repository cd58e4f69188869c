import type { Db, Tx } from './db.js'

export type ActorFacts = { userId: string; email: string; firstName: string | null; lastName: string | null }

/**
 * One statement, so two replicas handling events of one user cannot collide. A name the event
 * does not carry (events published before names were added) keeps the one already known.
 */
export async function upsertActor(tx: Tx, a: ActorFacts): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO actors (user_id, email, first_name, last_name) VALUES (${a.userId}, ${a.email}, ${a.firstName}, ${a.lastName})
    ON CONFLICT (user_id) DO UPDATE SET
      email = EXCLUDED.email,
      first_name = COALESCE(EXCLUDED.first_name, actors.first_name),
      last_name = COALESCE(EXCLUDED.last_name, actors.last_name),
      updated_at = now()`
}

/** Forgets a deleted user, so the feed stops showing their address. */
export async function deleteActor(tx: Tx, userId: string): Promise<void> {
  await tx.actor.deleteMany({ where: { userId } })
}

export const actorsByIds = (db: Db, userIds: string[]) => db.actor.findMany({ where: { userId: { in: userIds } } })
