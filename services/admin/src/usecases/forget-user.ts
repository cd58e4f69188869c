import { deleteActor } from '../data/actors-repo.js'
import type { Tx } from '../data/db.js'
import { deleteNotificationsOf } from '../data/notifications-repo.js'

/** A deleted account's address disappears from every feed (its activity rows stay, unnamed), and its bell goes. */
export async function forgetUser(tx: Tx, userId: string): Promise<void> {
  await deleteActor(tx, userId)
  await deleteNotificationsOf(tx, userId)
}
