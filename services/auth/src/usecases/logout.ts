import { deleteSession } from '../data/sessions.js'
import { type AuthDeps, sessionStore } from '../deps.js'

/** Ends one session at once (DESIGN §3); a missing or already-ended session is not an error. */
export async function logout(deps: AuthDeps, sessionId: string | undefined): Promise<void> {
  if (!sessionId) return
  await deleteSession(sessionStore(deps), sessionId)
}
