import { deleteActor } from '../data/actors-repo.js'
import type { Tx } from '../deps.js'

/** A deleted account's address disappears from every feed; its activity rows stay, unnamed. */
export async function forgetUser(tx: Tx, userId: string): Promise<void> {
  await deleteActor(tx, userId)
}
