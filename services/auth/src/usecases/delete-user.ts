import { ErrorCode, Subjects, type UserDeletedV1 } from '@plumbline/contracts'
import { AppError, inTransaction, notFound } from '@plumbline/service-kit'
import { invalidateIdentity } from '../data/identity-cache.js'
import { revokeUserSessions } from '../data/sessions.js'
import { retireUserTokens } from '../data/user-tokens.js'
import { findLiveUser, markUserDeleted } from '../data/users-repo.js'
import { type AuthDeps, sessionStore } from '../deps.js'
import { recordEvent } from '../events/record-event.js'

/** Where a deleted account's address goes, so the real address can sign up again. */
export const deletedEmailPlaceholder = (userId: string) => `deleted+${userId}@deleted.plumbline.invalid`

/** Who the account was, for the audit entry. */
export type DeletedUser = { email: string; firstName: string | null; lastName: string | null }

/**
 * Soft-deletes an account (platform admin action): the row stays for history, the address is
 * freed, open tokens die, and every session and cached identity ends at once.
 */
export async function deleteUser(deps: AuthDeps, input: { userId: string; actorId: string }): Promise<DeletedUser> {
  if (input.userId === input.actorId) throw new AppError(403, ErrorCode.FORBIDDEN, 'You cannot delete your own account')
  const deleted = await inTransaction(deps, async (tx) => {
    const user = await findLiveUser(tx, input.userId)
    if (!user) throw notFound('User')
    await markUserDeleted(tx, user, deletedEmailPlaceholder(user.id))
    await retireUserTokens(tx, user.id)
    await recordEvent<UserDeletedV1>(tx, { type: Subjects.userDeleted, orgId: null, actorId: input.actorId, data: { userId: user.id } })
    return { email: user.email, firstName: user.firstName, lastName: user.lastName }
  })
  await revokeUserSessions(sessionStore(deps), input.userId)
  await invalidateIdentity(deps.redis, deps.env.REDIS_PREFIX, input.userId)
  return deleted
}
